using Eta.Codec;
using PerfTools.Common.Xml;

namespace PerfTools.Tests.Xml;

/// <summary>A tiny dictionary for loader tests: one field of every primitive type.</summary>
internal sealed class FakeFieldDefinitions : IFieldDefinitions
{
    private static readonly Dictionary<short, (int Type, string Name)> Fields = new()
    {
        [1] = (DataTypes.UInt, "PROD_PERM"),
        [4] = (DataTypes.Enum, "RDN_EXCHID"),
        [5] = (DataTypes.Time, "TIMACT"),
        [16] = (DataTypes.Date, "TRADE_DATE"),
        [22] = (DataTypes.Real, "BID"),
        [3] = (DataTypes.RmtesString, "DSPLY_NAME"),
        [100] = (DataTypes.Int, "AN_INT"),
        [101] = (DataTypes.Float, "A_FLOAT"),
        [102] = (DataTypes.Double, "A_DOUBLE"),
        [103] = (DataTypes.DateTime, "A_DATETIME"),
        [104] = (DataTypes.Qos, "A_QOS"),
        [105] = (DataTypes.State, "A_STATE"),
        [106] = (DataTypes.Buffer, "A_BUFFER"),
        [107] = (DataTypes.AsciiString, "AN_ASCII"),
        [108] = (DataTypes.Utf8String, "A_UTF8"),
    };

    public bool TryGetField(short fieldId, out int rwfType, out string acronym)
    {
        bool found = Fields.TryGetValue(fieldId, out var field);
        (rwfType, acronym) = found ? field : (DataTypes.Unknown, "");
        return found;
    }
}
