using System.Runtime.CompilerServices;
using Eta.Codec;

namespace PerfTools.ConsPerf.Session;

/// <summary>
/// The decode plan of every field id, looked up in the dictionary the first time the field arrives and kept: a
/// payload then costs one array read per field instead of a dictionary lookup, a definition check and a type switch.
/// The dictionary must not change after the first payload (ConsPerf loads it once, before any thread starts).
/// </summary>
internal sealed class FieldPlans
{
    private readonly DataDictionary _dictionary;
    private readonly FieldPlan[] _plans = new FieldPlan[DataDictionary.MaxFieldId - DataDictionary.MinFieldId + 1];

    public FieldPlans(DataDictionary dictionary) => _dictionary = dictionary;

    /// <summary>The plan of <paramref name="fieldId"/> (a 16-bit field id, as a field list carries).</summary>
    public FieldPlan this[short fieldId]
    {
        get
        {
            ref FieldPlan plan = ref _plans[(ushort)fieldId];
            if (plan.Kind == FieldKind.Unresolved)
                plan = Resolve(fieldId);
            return plan;
        }
    }

    // Out of line, so the per-field loop that indexes the plans holds no call on its path.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private FieldPlan Resolve(short fieldId) =>
        _dictionary.Entry(fieldId) is { } definition
            ? new FieldPlan(KindOf(definition.RwfType), definition.EnumTable)
            : new FieldPlan(FieldKind.NotInDictionary, null);

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
