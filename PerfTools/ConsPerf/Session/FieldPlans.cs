using Eta.Codec;

namespace PerfTools.ConsPerf.Session;

/// <summary>
/// The decode plan of every field id, looked up in the dictionary once, when the plans are made: a payload then costs
/// one array read per field instead of a dictionary lookup, a definition check and a type switch. The kinds are one
/// byte per field id (64 KB), indexed by the id's 16 bits, and the enum tables apart, read only for ENUM fields: an
/// update's 23 fields touch a few cache lines of one small array. The dictionary must not change once the plans are
/// made (ConsPerf loads it once, before any thread starts).
/// </summary>
internal sealed class FieldPlans
{
    private const int FieldIds = DataDictionary.MaxFieldId - DataDictionary.MinFieldId + 1;

    private readonly FieldKind[] _kinds = new FieldKind[FieldIds];
    private readonly EnumTypeTable?[] _enumTables = new EnumTypeTable?[FieldIds];

    public FieldPlans(DataDictionary dictionary)
    {
        for (int fieldId = DataDictionary.MinFieldId; fieldId <= DataDictionary.MaxFieldId; fieldId++)
        {
            if (dictionary.Entry(fieldId) is not { } definition)
                continue; // NotInDictionary, the array's zero
            _kinds[(ushort)fieldId] = KindOf(definition.RwfType);
            _enumTables[(ushort)fieldId] = definition.EnumTable;
        }
    }

    /// <summary>
    /// The kind of every field id, indexed by the id's 16 bits (<c>(ushort)fieldId</c>), for a decode loop to hold in
    /// a local rather than reload through this object at every field.
    /// </summary>
    public ReadOnlySpan<FieldKind> Kinds => _kinds;

    /// <summary>How <paramref name="fieldId"/> (a 16-bit field id, as a field list carries) is decoded.</summary>
    public FieldKind KindOf(short fieldId) => _kinds[(ushort)fieldId];

    /// <summary>The enum table of an ENUM field (null when the dictionary gives it none).</summary>
    public EnumTypeTable? EnumTableOf(short fieldId) => _enumTables[(ushort)fieldId];

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
