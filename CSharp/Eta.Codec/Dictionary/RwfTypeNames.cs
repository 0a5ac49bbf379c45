namespace Eta.Codec;

/// <summary>Maps the RWF TYPE column names of RDMFieldDictionary to <see cref="DataTypes"/> numbers.</summary>
public static class RwfTypeNames
{
    /// <summary>
    /// Parses an RWF TYPE column value. Sized legacy names (INT64, UINT32, REAL64, ...) map to their base type,
    /// as do the aliases DATE_TIME, STATUS and ELEM_LIST. Anything else, including "UNKNOWN", is rejected.
    /// </summary>
    public static bool TryParse(ReadOnlySpan<char> name, out int dataType)
    {
        dataType = name switch
        {
            "INT" or "INT32" or "INT64" => DataTypes.Int,
            "UINT" or "UINT32" or "UINT64" => DataTypes.UInt,
            "REAL" or "REAL32" or "REAL64" => DataTypes.Real,
            "FLOAT" => DataTypes.Float,
            "DOUBLE" => DataTypes.Double,
            "DATE" => DataTypes.Date,
            "TIME" => DataTypes.Time,
            "DATETIME" or "DATE_TIME" => DataTypes.DateTime,
            "QOS" => DataTypes.Qos,
            "STATE" or "STATUS" => DataTypes.State,
            "ENUM" => DataTypes.Enum,
            "ARRAY" => DataTypes.Array,
            "BUFFER" => DataTypes.Buffer,
            "ASCII_STRING" => DataTypes.AsciiString,
            "UTF8_STRING" => DataTypes.Utf8String,
            "RMTES_STRING" => DataTypes.RmtesString,
            "OPAQUE" => DataTypes.Opaque,
            "XML" => DataTypes.Xml,
            "FIELD_LIST" => DataTypes.FieldList,
            "ELEMENT_LIST" or "ELEM_LIST" => DataTypes.ElementList,
            "ANSI_PAGE" => DataTypes.AnsiPage,
            "FILTER_LIST" => DataTypes.FilterList,
            "VECTOR" => DataTypes.Vector,
            "MAP" => DataTypes.Map,
            "SERIES" => DataTypes.Series,
            "MSG" => DataTypes.Msg,
            _ => DataTypes.Unknown,
        };
        return dataType != DataTypes.Unknown;
    }
}
