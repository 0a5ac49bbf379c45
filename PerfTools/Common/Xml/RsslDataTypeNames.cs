using Eta.Codec;

namespace PerfTools.Common.Xml;

/// <summary>Maps the <c>dataType</c> attribute of a message data field entry ("RSSL_DT_REAL") to a <see cref="DataTypes"/> number.</summary>
public static class RsslDataTypeNames
{
    /// <summary>
    /// The primitive types a field entry may carry: every base primitive that has a string form
    /// (ARRAY has none, so it is not accepted).
    /// </summary>
    public static bool TryParse(string name, out int dataType)
    {
        dataType = name switch
        {
            "RSSL_DT_INT" => DataTypes.Int,
            "RSSL_DT_UINT" => DataTypes.UInt,
            "RSSL_DT_FLOAT" => DataTypes.Float,
            "RSSL_DT_DOUBLE" => DataTypes.Double,
            "RSSL_DT_REAL" => DataTypes.Real,
            "RSSL_DT_DATE" => DataTypes.Date,
            "RSSL_DT_TIME" => DataTypes.Time,
            "RSSL_DT_DATETIME" => DataTypes.DateTime,
            "RSSL_DT_QOS" => DataTypes.Qos,
            "RSSL_DT_STATE" => DataTypes.State,
            "RSSL_DT_ENUM" => DataTypes.Enum,
            "RSSL_DT_BUFFER" => DataTypes.Buffer,
            "RSSL_DT_ASCII_STRING" => DataTypes.AsciiString,
            "RSSL_DT_UTF8_STRING" => DataTypes.Utf8String,
            "RSSL_DT_RMTES_STRING" => DataTypes.RmtesString,
            _ => DataTypes.Unknown,
        };
        return dataType != DataTypes.Unknown;
    }
}
