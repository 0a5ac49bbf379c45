namespace Eta.Codec;

/// <summary>
/// RWF data type numbers as they appear on the wire. Container types are carried as themselves in this API
/// (FieldList = 132); on the wire a container type is written as <c>value - ContainerTypeMin</c>.
/// </summary>
public static class DataTypes
{
    /// <summary>Unknown type: only meaningful when a field list entry's type comes from a dictionary.</summary>
    /// <remarks>LSEG: DataTypes.UNKNOWN</remarks>
    public const int Unknown = 0;

    // Base primitive types (length given by the enclosing container).
    /// <remarks>LSEG: DataTypes.INT</remarks>
    public const int Int = 3;
    /// <remarks>LSEG: DataTypes.UINT</remarks>
    public const int UInt = 4;
    /// <remarks>LSEG: DataTypes.FLOAT</remarks>
    public const int Float = 5;
    /// <remarks>LSEG: DataTypes.DOUBLE</remarks>
    public const int Double = 6;
    /// <remarks>LSEG: DataTypes.REAL</remarks>
    public const int Real = 8;
    /// <remarks>LSEG: DataTypes.DATE</remarks>
    public const int Date = 9;
    /// <remarks>LSEG: DataTypes.TIME</remarks>
    public const int Time = 10;
    /// <remarks>LSEG: DataTypes.DATETIME</remarks>
    public const int DateTime = 11;
    /// <remarks>LSEG: DataTypes.QOS</remarks>
    public const int Qos = 12;
    /// <remarks>LSEG: DataTypes.STATE</remarks>
    public const int State = 13;
    /// <remarks>LSEG: DataTypes.ENUM</remarks>
    public const int Enum = 14;
    /// <remarks>LSEG: DataTypes.ARRAY</remarks>
    public const int Array = 15;
    /// <remarks>LSEG: DataTypes.BUFFER</remarks>
    public const int Buffer = 16;
    /// <remarks>LSEG: DataTypes.ASCII_STRING</remarks>
    public const int AsciiString = 17;
    /// <remarks>LSEG: DataTypes.UTF8_STRING</remarks>
    public const int Utf8String = 18;
    /// <remarks>LSEG: DataTypes.RMTES_STRING</remarks>
    public const int RmtesString = 19;

    /// <summary>Largest base primitive type number.</summary>
    /// <remarks>LSEG: DataTypes.BASE_PRIMITIVE_MAX</remarks>
    public const int BasePrimitiveMax = 63;

    // Set-defined primitive types: fixed-size forms used only inside set-defined field/element list data.
    /// <remarks>LSEG: DataTypes.SET_PRIMITIVE_MIN</remarks>
    public const int SetPrimitiveMin = 64;
    /// <remarks>LSEG: DataTypes.INT_1</remarks>
    public const int Int1 = 64;
    /// <remarks>LSEG: DataTypes.UINT_1</remarks>
    public const int UInt1 = 65;
    /// <remarks>LSEG: DataTypes.INT_2</remarks>
    public const int Int2 = 66;
    /// <remarks>LSEG: DataTypes.UINT_2</remarks>
    public const int UInt2 = 67;
    /// <remarks>LSEG: DataTypes.INT_4</remarks>
    public const int Int4 = 68;
    /// <remarks>LSEG: DataTypes.UINT_4</remarks>
    public const int UInt4 = 69;
    /// <remarks>LSEG: DataTypes.INT_8</remarks>
    public const int Int8 = 70;
    /// <remarks>LSEG: DataTypes.UINT_8</remarks>
    public const int UInt8 = 71;
    /// <remarks>LSEG: DataTypes.FLOAT_4</remarks>
    public const int Float4 = 72;
    /// <remarks>LSEG: DataTypes.DOUBLE_8</remarks>
    public const int Double8 = 73;
    /// <remarks>LSEG: DataTypes.REAL_4RB</remarks>
    public const int Real4Rb = 74;
    /// <remarks>LSEG: DataTypes.REAL_8RB</remarks>
    public const int Real8Rb = 75;
    /// <remarks>LSEG: DataTypes.DATE_4</remarks>
    public const int Date4 = 76;
    /// <remarks>LSEG: DataTypes.TIME_3</remarks>
    public const int Time3 = 77;
    /// <remarks>LSEG: DataTypes.TIME_5</remarks>
    public const int Time5 = 78;
    /// <remarks>LSEG: DataTypes.DATETIME_7</remarks>
    public const int DateTime7 = 79;
    /// <remarks>LSEG: DataTypes.DATETIME_9</remarks>
    public const int DateTime9 = 80;
    /// <remarks>LSEG: DataTypes.DATETIME_11</remarks>
    public const int DateTime11 = 81;
    /// <remarks>LSEG: DataTypes.DATETIME_12</remarks>
    public const int DateTime12 = 82;
    /// <remarks>LSEG: DataTypes.TIME_7</remarks>
    public const int Time7 = 83;
    /// <remarks>LSEG: DataTypes.TIME_8</remarks>
    public const int Time8 = 84;
    /// <remarks>LSEG: DataTypes.SET_PRIMITIVE_MAX</remarks>
    public const int SetPrimitiveMax = 127;

    // Container types.
    /// <remarks>LSEG: DataTypes.CONTAINER_TYPE_MIN</remarks>
    public const int ContainerTypeMin = 128;
    /// <remarks>LSEG: DataTypes.NO_DATA</remarks>
    public const int NoData = 128;
    /// <remarks>LSEG: DataTypes.OPAQUE</remarks>
    public const int Opaque = 130;
    /// <remarks>LSEG: DataTypes.XML</remarks>
    public const int Xml = 131;
    /// <remarks>LSEG: DataTypes.FIELD_LIST</remarks>
    public const int FieldList = 132;
    /// <remarks>LSEG: DataTypes.ELEMENT_LIST</remarks>
    public const int ElementList = 133;
    /// <remarks>LSEG: DataTypes.ANSI_PAGE</remarks>
    public const int AnsiPage = 134;
    /// <remarks>LSEG: DataTypes.FILTER_LIST</remarks>
    public const int FilterList = 135;
    /// <remarks>LSEG: DataTypes.VECTOR</remarks>
    public const int Vector = 136;
    /// <remarks>LSEG: DataTypes.MAP</remarks>
    public const int Map = 137;
    /// <remarks>LSEG: DataTypes.SERIES</remarks>
    public const int Series = 138;
    /// <remarks>LSEG: DataTypes.MSG</remarks>
    public const int Msg = 141;
    /// <remarks>LSEG: DataTypes.JSON</remarks>
    public const int Json = 142;
    /// <remarks>LSEG: DataTypes.CONTAINER_TYPE_MAX</remarks>
    public const int ContainerTypeMax = 255;

    /// <summary>True for the base primitive types 3..19 that have an encoder (excludes reserved numbers).</summary>
    public static bool IsPrimitive(int dataType) =>
        dataType is >= Int and <= RmtesString and not 7;

    /// <summary>True for the set-defined primitive types Int1..Time8.</summary>
    public static bool IsSetPrimitive(int dataType) => dataType is >= Int1 and <= Time8;

    /// <summary>True for a container type number (including NoData).</summary>
    public static bool IsContainer(int dataType) => dataType is >= ContainerTypeMin and <= ContainerTypeMax;

    /// <summary>Wire form of a container type: the offset from ContainerTypeMin, as carried in a 1-byte field.</summary>
    public static byte ToWireContainerType(int containerType) => (byte)(containerType - ContainerTypeMin);

    /// <summary>Container type from its 1-byte wire form.</summary>
    public static int FromWireContainerType(byte wire) => wire + ContainerTypeMin;

    /// <summary>
    /// The type number for a name as LSEG writes it: "REAL", or with the C prefix as in MsgData.xml, "RSSL_DT_REAL"
    /// (case-insensitive).
    /// </summary>
    public static bool TryParseName(ReadOnlySpan<char> name, out int dataType)
    {
        name = name.Trim();
        if (name.StartsWith("RSSL_DT_", StringComparison.OrdinalIgnoreCase))
            name = name[8..];
        for (dataType = 0; dataType <= ContainerTypeMax; dataType++)
        {
            if (Name(dataType) is { } known && name.Equals(known, StringComparison.OrdinalIgnoreCase))
                return true;
        }
        dataType = Unknown;
        return false;
    }

    /// <summary>The name LSEG tools print for a type, e.g. "FIELD_LIST"; "UNKNOWN(n)" style text is left to the caller.</summary>
    public static string? Name(int dataType) => dataType switch
    {
        Unknown => "UNKNOWN",
        Int => "INT",
        UInt => "UINT",
        Float => "FLOAT",
        Double => "DOUBLE",
        Real => "REAL",
        Date => "DATE",
        Time => "TIME",
        DateTime => "DATETIME",
        Qos => "QOS",
        State => "STATE",
        Enum => "ENUM",
        Array => "ARRAY",
        Buffer => "BUFFER",
        AsciiString => "ASCII_STRING",
        Utf8String => "UTF8_STRING",
        RmtesString => "RMTES_STRING",
        Int1 => "INT_1",
        UInt1 => "UINT_1",
        Int2 => "INT_2",
        UInt2 => "UINT_2",
        Int4 => "INT_4",
        UInt4 => "UINT_4",
        Int8 => "INT_8",
        UInt8 => "UINT_8",
        Float4 => "FLOAT_4",
        Double8 => "DOUBLE_8",
        Real4Rb => "REAL_4RB",
        Real8Rb => "REAL_8RB",
        Date4 => "DATE_4",
        Time3 => "TIME_3",
        Time5 => "TIME_5",
        DateTime7 => "DATETIME_7",
        DateTime9 => "DATETIME_9",
        DateTime11 => "DATETIME_11",
        DateTime12 => "DATETIME_12",
        Time7 => "TIME_7",
        Time8 => "TIME_8",
        NoData => "NO_DATA",
        Opaque => "OPAQUE",
        Xml => "XML",
        FieldList => "FIELD_LIST",
        ElementList => "ELEMENT_LIST",
        AnsiPage => "ANSI_PAGE",
        FilterList => "FILTER_LIST",
        Vector => "VECTOR",
        Map => "MAP",
        Series => "SERIES",
        Msg => "MSG",
        Json => "JSON",
        _ => null,
    };
}
