namespace PerfTools.ConsPerf.Session;

/// <summary>How a field's value is decoded: its dictionary type, resolved once for every field id (see <see cref="FieldPlans"/>).</summary>
internal enum FieldKind : byte
{
    /// <summary>The dictionary does not define the field (the zero value: what a field id without a definition keeps).</summary>
    NotInDictionary,

    /// <summary>The dictionary's type is not a primitive a field list value can carry.</summary>
    Unhandled,

    UInt,
    Int,
    Real,
    Float,
    Double,
    Date,
    Time,
    DateTime,
    Qos,
    State,
    Enum,

    /// <summary>Buffer, ASCII, UTF-8 and RMTES strings: any bytes are a value.</summary>
    Buffer,
}

