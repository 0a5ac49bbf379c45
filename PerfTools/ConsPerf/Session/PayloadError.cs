namespace PerfTools.ConsPerf.Session;

/// <summary>Why a payload did not decode (see <see cref="PayloadDecoder"/>).</summary>
internal enum PayloadError
{
    None,

    /// <summary>The message carries a container other than a field list.</summary>
    NotAFieldList,

    /// <summary>The field list or an entry header is cut short or inconsistent.</summary>
    Malformed,

    /// <summary>A field id the dictionary does not define (LSEG: "not present in dictionary").</summary>
    FieldNotInDictionary,

    /// <summary>The dictionary gives the field a type that is not a primitive a MarketPrice field can carry.</summary>
    UnhandledType,

    /// <summary>The value's bytes do not decode as the field's type.</summary>
    BadValue,
}

internal static class PayloadErrorText
{
    /// <summary>A sentence for the run's outcome (only built on failure).</summary>
    public static string Describe(PayloadError error, int fieldId) => error switch
    {
        PayloadError.NotAFieldList => "its payload is not a field list",
        PayloadError.Malformed => "its field list is malformed",
        PayloadError.FieldNotInDictionary => $"field {fieldId} is not in the field dictionary",
        PayloadError.UnhandledType => $"field {fieldId} has a dictionary type a field list value cannot have",
        PayloadError.BadValue => $"the value of field {fieldId} does not decode as its dictionary type",
        _ => "unknown error",
    };
}
