using Eta.Codec;
using PerfTools.Common.Xml;

namespace PerfTools.Tests.Xml;

/// <summary>A tiny dictionary for loader tests: one field of every primitive type.</summary>
internal sealed class FakeFieldDefinitions : IFieldDefinitions
{
    private static readonly Dictionary<short, (int Type, string Name)> Fields = new()
    {
        [1] = (DataTypes.UINT, "PROD_PERM"),
        [4] = (DataTypes.ENUM, "RDN_EXCHID"),
        [5] = (DataTypes.TIME, "TIMACT"),
        [16] = (DataTypes.DATE, "TRADE_DATE"),
        [22] = (DataTypes.REAL, "BID"),
        [3] = (DataTypes.RMTES_STRING, "DSPLY_NAME"),
        [100] = (DataTypes.INT, "AN_INT"),
        [101] = (DataTypes.FLOAT, "A_FLOAT"),
        [102] = (DataTypes.DOUBLE, "A_DOUBLE"),
        [103] = (DataTypes.DATETIME, "A_DATETIME"),
        [104] = (DataTypes.QOS, "A_QOS"),
        [105] = (DataTypes.STATE, "A_STATE"),
        [106] = (DataTypes.BUFFER, "A_BUFFER"),
        [107] = (DataTypes.ASCII_STRING, "AN_ASCII"),
        [108] = (DataTypes.UTF8_STRING, "A_UTF8"),
    };

    public bool TryGetField(short fieldId, out int rwfType, out string acronym)
    {
        bool found = Fields.TryGetValue(fieldId, out var field);
        (rwfType, acronym) = found ? field : (DataTypes.UNKNOWN, "");
        return found;
    }
}
