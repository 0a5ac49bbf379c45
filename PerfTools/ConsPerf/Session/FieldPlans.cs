using System.Runtime.CompilerServices;
using Eta.Codec;

namespace PerfTools.ConsPerf.Session;

/// <summary>
/// The decode plan of every field id, looked up in the dictionary the first time the field arrives and kept: a
/// payload then costs one array read per field instead of a dictionary lookup, a definition check and a type switch.
/// The kinds are one byte per field id (64 KB), apart from the enum tables, which only ENUM fields read: an update's
/// 23 fields then touch a few cache lines of one small array rather than as many of a 1 MB one.
/// The dictionary must not change after the first payload (ConsPerf loads it once, before any thread starts).
/// </summary>
internal sealed class FieldPlans
{
    private const int FieldIds = DataDictionary.MaxFieldId - DataDictionary.MinFieldId + 1;

    private readonly DataDictionary _dictionary;
    private readonly FieldKind[] _kinds = new FieldKind[FieldIds];
    private readonly EnumTypeTable?[] _enumTables = new EnumTypeTable?[FieldIds];

    public FieldPlans(DataDictionary dictionary) => _dictionary = dictionary;

    /// <summary>How <paramref name="fieldId"/> (a 16-bit field id, as a field list carries) is decoded.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public FieldKind KindOf(short fieldId)
    {
        FieldKind kind = _kinds[(ushort)fieldId];
        return kind != FieldKind.Unresolved ? kind : Resolve(fieldId);
    }

    /// <summary>The enum table of an ENUM field whose kind was read (null when the dictionary gives it none).</summary>
    public EnumTypeTable? EnumTableOf(short fieldId) => _enumTables[(ushort)fieldId];

    // Out of line, so the per-field loop that reads the kinds holds no call on its path.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private FieldKind Resolve(short fieldId)
    {
        DictionaryEntry? definition = _dictionary.Entry(fieldId);
        FieldKind kind = definition is null ? FieldKind.NotInDictionary : KindOf(definition.RwfType);
        _enumTables[(ushort)fieldId] = definition?.EnumTable;
        _kinds[(ushort)fieldId] = kind;
        return kind;
    }

    private static FieldKind KindOf(int rwfType) => rwfType switch
    {
        DataTypes.UInt => FieldKind.UInt,
        DataTypes.Int => FieldKind.Int,
        DataTypes.Real => FieldKind.Real,
        DataTypes.Float => FieldKind.Float,
        DataTypes.Double => FieldKind.Double,
        DataTypes.Date => FieldKind.Date,
        DataTypes.Time => FieldKind.Time,
        DataTypes.DateTime => FieldKind.DateTime,
        DataTypes.Qos => FieldKind.Qos,
        DataTypes.State => FieldKind.State,
        DataTypes.Enum => FieldKind.Enum,
        DataTypes.Buffer or DataTypes.AsciiString or DataTypes.Utf8String or DataTypes.RmtesString => FieldKind.Buffer,
        _ => FieldKind.Unhandled,
    };
}
