namespace Eta.Codec;

/// <summary>
/// A primitive value that can be written in RWF's primitive encoding: the value bytes only, whose length the
/// enclosing container (or array) carries. Containers take primitives through generic methods constrained to this
/// interface, so no value is boxed.
/// </summary>
public interface IPrimitive
{
    /// <summary>True when the value is blank (encoded as zero bytes, or as the type's blank pattern).</summary>
    bool IsBlank { get; }

    /// <summary>Writes the value bytes (no length prefix). A blank Int/UInt/Real/... writes nothing.</summary>
    CodecReturnCode EncodeBody(ref RwfWriter writer);
}

/// <summary>A primitive that knows its RWF type number and how to decode itself from its value bytes.</summary>
public interface IPrimitive<TSelf> : IPrimitive where TSelf : struct, IPrimitive<TSelf>
{
    /// <summary>The RWF data type number (e.g. <see cref="DataTypes.Real"/>).</summary>
    static abstract int DataType { get; }

    /// <summary>
    /// Decodes the value bytes. Returns Success, BlankData (value is blank), or IncompleteData/InvalidData
    /// for malformed input; never throws.
    /// </summary>
    static abstract CodecReturnCode Decode(ReadOnlySpan<byte> data, out TSelf value);
}
