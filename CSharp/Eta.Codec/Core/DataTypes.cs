namespace Eta.Codec;

/// <summary>
/// RWF data type numbers as they appear on the wire. Container types are carried as themselves in this API
/// (FIELD_LIST = 132); on the wire a container type is written as <c>value - CONTAINER_TYPE_MIN</c>.
/// </summary>
public static class DataTypes
{
    /// <summary>Unknown type: only meaningful when a field list entry's type comes from a dictionary.</summary>
    public const int UNKNOWN = 0;

    // Base primitive types (length given by the enclosing container).
    public const int INT = 3;
    public const int UINT = 4;
    public const int FLOAT = 5;
    public const int DOUBLE = 6;
    public const int REAL = 8;
    public const int DATE = 9;
    public const int TIME = 10;
    public const int DATETIME = 11;
    public const int QOS = 12;
    public const int STATE = 13;
    public const int ENUM = 14;
    public const int ARRAY = 15;
    public const int BUFFER = 16;
    public const int ASCII_STRING = 17;
    public const int UTF8_STRING = 18;
    public const int RMTES_STRING = 19;

    /// <summary>Largest base primitive type number.</summary>
    public const int BASE_PRIMITIVE_MAX = 63;

    // Set-defined primitive types: fixed-size forms used only inside set-defined field/element list data.
    public const int SET_PRIMITIVE_MIN = 64;
    public const int INT_1 = 64;
    public const int UINT_1 = 65;
    public const int INT_2 = 66;
    public const int UINT_2 = 67;
    public const int INT_4 = 68;
    public const int UINT_4 = 69;
    public const int INT_8 = 70;
    public const int UINT_8 = 71;
    public const int FLOAT_4 = 72;
    public const int DOUBLE_8 = 73;
    public const int REAL_4RB = 74;
    public const int REAL_8RB = 75;
    public const int DATE_4 = 76;
    public const int TIME_3 = 77;
    public const int TIME_5 = 78;
    public const int DATETIME_7 = 79;
    public const int DATETIME_9 = 80;
    public const int DATETIME_11 = 81;
    public const int DATETIME_12 = 82;
    public const int TIME_7 = 83;
    public const int TIME_8 = 84;
    public const int SET_PRIMITIVE_MAX = 127;

    // Container types.
    public const int CONTAINER_TYPE_MIN = 128;
    public const int NO_DATA = 128;
    public const int OPAQUE = 130;
    public const int XML = 131;
    public const int FIELD_LIST = 132;
    public const int ELEMENT_LIST = 133;
    public const int ANSI_PAGE = 134;
    public const int FILTER_LIST = 135;
    public const int VECTOR = 136;
    public const int MAP = 137;
    public const int SERIES = 138;
    public const int MSG = 141;
    public const int JSON = 142;
    public const int CONTAINER_TYPE_MAX = 255;

    /// <summary>True for the base primitive types 3..19 that have an encoder (excludes reserved numbers).</summary>
    public static bool IsPrimitive(int dataType) =>
        dataType is >= INT and <= RMTES_STRING and not 7;

    /// <summary>True for the set-defined primitive types INT_1..TIME_8.</summary>
    public static bool IsSetPrimitive(int dataType) => dataType is >= INT_1 and <= TIME_8;

    /// <summary>True for a container type number (including NO_DATA).</summary>
    public static bool IsContainer(int dataType) => dataType is >= CONTAINER_TYPE_MIN and <= CONTAINER_TYPE_MAX;

    /// <summary>Wire form of a container type: the offset from CONTAINER_TYPE_MIN, as carried in a 1-byte field.</summary>
    public static byte ToWireContainerType(int containerType) => (byte)(containerType - CONTAINER_TYPE_MIN);

    /// <summary>Container type from its 1-byte wire form.</summary>
    public static int FromWireContainerType(byte wire) => wire + CONTAINER_TYPE_MIN;

    /// <summary>
    /// The type number for a name as LSEG writes it: "REAL", or with the C prefix as in MsgData.xml, "RSSL_DT_REAL"
    /// (case-insensitive).
    /// </summary>
    public static bool TryParseName(ReadOnlySpan<char> name, out int dataType)
    {
        name = name.Trim();
        if (name.StartsWith("RSSL_DT_", StringComparison.OrdinalIgnoreCase))
            name = name[8..];
        for (dataType = 0; dataType <= CONTAINER_TYPE_MAX; dataType++)
        {
            if (Name(dataType) is { } known && name.Equals(known, StringComparison.OrdinalIgnoreCase))
                return true;
        }
        dataType = UNKNOWN;
        return false;
    }

    /// <summary>The name LSEG tools print for a type, e.g. "FIELD_LIST"; "UNKNOWN(n)" style text is left to the caller.</summary>
    public static string? Name(int dataType) => dataType switch
    {
        UNKNOWN => "UNKNOWN",
        INT => "INT",
        UINT => "UINT",
        FLOAT => "FLOAT",
        DOUBLE => "DOUBLE",
        REAL => "REAL",
        DATE => "DATE",
        TIME => "TIME",
        DATETIME => "DATETIME",
        QOS => "QOS",
        STATE => "STATE",
        ENUM => "ENUM",
        ARRAY => "ARRAY",
        BUFFER => "BUFFER",
        ASCII_STRING => "ASCII_STRING",
        UTF8_STRING => "UTF8_STRING",
        RMTES_STRING => "RMTES_STRING",
        INT_1 => "INT_1",
        UINT_1 => "UINT_1",
        INT_2 => "INT_2",
        UINT_2 => "UINT_2",
        INT_4 => "INT_4",
        UINT_4 => "UINT_4",
        INT_8 => "INT_8",
        UINT_8 => "UINT_8",
        FLOAT_4 => "FLOAT_4",
        DOUBLE_8 => "DOUBLE_8",
        REAL_4RB => "REAL_4RB",
        REAL_8RB => "REAL_8RB",
        DATE_4 => "DATE_4",
        TIME_3 => "TIME_3",
        TIME_5 => "TIME_5",
        DATETIME_7 => "DATETIME_7",
        DATETIME_9 => "DATETIME_9",
        DATETIME_11 => "DATETIME_11",
        DATETIME_12 => "DATETIME_12",
        TIME_7 => "TIME_7",
        TIME_8 => "TIME_8",
        NO_DATA => "NO_DATA",
        OPAQUE => "OPAQUE",
        XML => "XML",
        FIELD_LIST => "FIELD_LIST",
        ELEMENT_LIST => "ELEMENT_LIST",
        ANSI_PAGE => "ANSI_PAGE",
        FILTER_LIST => "FILTER_LIST",
        VECTOR => "VECTOR",
        MAP => "MAP",
        SERIES => "SERIES",
        MSG => "MSG",
        JSON => "JSON",
        _ => null,
    };
}
