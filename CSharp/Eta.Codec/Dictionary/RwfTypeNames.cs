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
            "INT" or "INT32" or "INT64" => DataTypes.INT,
            "UINT" or "UINT32" or "UINT64" => DataTypes.UINT,
            "REAL" or "REAL32" or "REAL64" => DataTypes.REAL,
            "FLOAT" => DataTypes.FLOAT,
            "DOUBLE" => DataTypes.DOUBLE,
            "DATE" => DataTypes.DATE,
            "TIME" => DataTypes.TIME,
            "DATETIME" or "DATE_TIME" => DataTypes.DATETIME,
            "QOS" => DataTypes.QOS,
            "STATE" or "STATUS" => DataTypes.STATE,
            "ENUM" => DataTypes.ENUM,
            "ARRAY" => DataTypes.ARRAY,
            "BUFFER" => DataTypes.BUFFER,
            "ASCII_STRING" => DataTypes.ASCII_STRING,
            "UTF8_STRING" => DataTypes.UTF8_STRING,
            "RMTES_STRING" => DataTypes.RMTES_STRING,
            "OPAQUE" => DataTypes.OPAQUE,
            "XML" => DataTypes.XML,
            "FIELD_LIST" => DataTypes.FIELD_LIST,
            "ELEMENT_LIST" or "ELEM_LIST" => DataTypes.ELEMENT_LIST,
            "ANSI_PAGE" => DataTypes.ANSI_PAGE,
            "FILTER_LIST" => DataTypes.FILTER_LIST,
            "VECTOR" => DataTypes.VECTOR,
            "MAP" => DataTypes.MAP,
            "SERIES" => DataTypes.SERIES,
            "MSG" => DataTypes.MSG,
            _ => DataTypes.UNKNOWN,
        };
        return dataType != DataTypes.UNKNOWN;
    }
}
