namespace Eta.Codec;

/// <summary>
/// Marketfeed field types (the FIELD TYPE column of RDMFieldDictionary), with LSEG's numeric values,
/// which also travel in the "TYPE" element of an encoded field dictionary.
/// </summary>
public enum MfFieldType : sbyte
{
    None = -1,
    TimeSeconds = 0,
    Integer = 1,
    Date = 3,
    Price = 4,
    Alphanumeric = 5,
    Enumerated = 6,
    Time = 7,
    Binary = 8,
}

/// <summary>Maps the FIELD TYPE column names to <see cref="MfFieldType"/>.</summary>
public static class MfFieldTypeNames
{
    /// <summary>Parses a FIELD TYPE column value such as "PRICE" or "TIME_SECONDS".</summary>
    public static bool TryParse(ReadOnlySpan<char> name, out MfFieldType type)
    {
        switch (name)
        {
            case "INTEGER": type = MfFieldType.Integer; return true;
            case "ALPHANUMERIC": type = MfFieldType.Alphanumeric; return true;
            case "ENUMERATED": type = MfFieldType.Enumerated; return true;
            case "TIME": type = MfFieldType.Time; return true;
            case "TIME_SECONDS": type = MfFieldType.TimeSeconds; return true;
            case "PRICE": type = MfFieldType.Price; return true;
            case "DATE": type = MfFieldType.Date; return true;
            case "BINARY": type = MfFieldType.Binary; return true;
            case "NONE": type = MfFieldType.None; return true;
            default: type = MfFieldType.None; return false;
        }
    }
}
