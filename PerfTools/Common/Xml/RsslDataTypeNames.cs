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
            "RSSL_DT_INT" => DataTypes.INT,
            "RSSL_DT_UINT" => DataTypes.UINT,
            "RSSL_DT_FLOAT" => DataTypes.FLOAT,
            "RSSL_DT_DOUBLE" => DataTypes.DOUBLE,
            "RSSL_DT_REAL" => DataTypes.REAL,
            "RSSL_DT_DATE" => DataTypes.DATE,
            "RSSL_DT_TIME" => DataTypes.TIME,
            "RSSL_DT_DATETIME" => DataTypes.DATETIME,
            "RSSL_DT_QOS" => DataTypes.QOS,
            "RSSL_DT_STATE" => DataTypes.STATE,
            "RSSL_DT_ENUM" => DataTypes.ENUM,
            "RSSL_DT_BUFFER" => DataTypes.BUFFER,
            "RSSL_DT_ASCII_STRING" => DataTypes.ASCII_STRING,
            "RSSL_DT_UTF8_STRING" => DataTypes.UTF8_STRING,
            "RSSL_DT_RMTES_STRING" => DataTypes.RMTES_STRING,
            _ => DataTypes.UNKNOWN,
        };
        return dataType != DataTypes.UNKNOWN;
    }
}
