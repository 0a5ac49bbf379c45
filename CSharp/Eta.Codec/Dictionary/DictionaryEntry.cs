using System.Text;

namespace Eta.Codec;

/// <summary>
/// One field definition of a <see cref="DataDictionary"/>: a row of RDMFieldDictionary, or one series entry of
/// an encoded field dictionary. Read-only to users; the dictionary fills it while loading.
/// </summary>
public sealed class DictionaryEntry
{
    internal DictionaryEntry(short fieldId) => FieldId = fieldId;

    private string _acronym = "";
    private string _ddeAcronym = "";
    private byte[]? _acronymBytes;
    private byte[]? _ddeAcronymBytes;

    /// <summary>Short name, e.g. "TRDPRC_1".</summary>
    public string Acronym
    {
        get => _acronym;
        internal set => (_acronym, _acronymBytes) = (value, null);
    }

    /// <summary>DDE (long) name, e.g. "LAST"; sent as "LONGNAME" at NORMAL verbosity and above.</summary>
    public string DdeAcronym
    {
        get => _ddeAcronym;
        internal set => (_ddeAcronym, _ddeAcronymBytes) = (value, null);
    }

    /// <summary>Acronym as wire bytes (one byte per char), made once on first use.</summary>
    internal ReadOnlySpan<byte> AcronymBytes => _acronymBytes ??= Encoding.Latin1.GetBytes(_acronym);

    /// <summary>DDE acronym as wire bytes, made once on first use.</summary>
    internal ReadOnlySpan<byte> DdeAcronymBytes => _ddeAcronymBytes ??= Encoding.Latin1.GetBytes(_ddeAcronym);

    /// <summary>Field id (-32768..32767, never 0).</summary>
    public short FieldId { get; }

    /// <summary>Field this one ripples to, 0 for none.</summary>
    public short RippleToField { get; internal set; }

    /// <summary>Marketfeed type.</summary>
    public MfFieldType FieldType { get; internal set; }

    /// <summary>Marketfeed maximum length.</summary>
    public ushort Length { get; internal set; }

    /// <summary>Marketfeed enumerated length (the "( n )" of ENUMERATED fields), 0 otherwise.</summary>
    public byte EnumLength { get; internal set; }

    /// <summary>RWF type, a <see cref="DataTypes"/> number; Unknown only for a placeholder created by an enum table.</summary>
    public int RwfType { get; internal set; } = DataTypes.Unknown;

    /// <summary>RWF maximum length (for caching).</summary>
    public ushort RwfLength { get; internal set; }

    /// <summary>Enum table the field's values are displayed with, if any.</summary>
    public EnumTypeTable? EnumTable { get; internal set; }

    /// <summary>True once a field definition (not just an enum table reference) has been loaded for this fid.</summary>
    public bool IsDefined => RwfType != DataTypes.Unknown;

    /// <summary>Copies the field definition columns from <paramref name="source"/>, keeping the enum table.</summary>
    internal void CopyDefinitionFrom(DictionaryEntry source)
    {
        Acronym = source.Acronym;
        DdeAcronym = source.DdeAcronym;
        RippleToField = source.RippleToField;
        FieldType = source.FieldType;
        Length = source.Length;
        EnumLength = source.EnumLength;
        RwfType = source.RwfType;
        RwfLength = source.RwfLength;
    }

    public override string ToString() =>
        $"{FieldId} {Acronym} \"{DdeAcronym}\" {FieldType} rwf={DataTypes.Name(RwfType)}/{RwfLength}";
}
