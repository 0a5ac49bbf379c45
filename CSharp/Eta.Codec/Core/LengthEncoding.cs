namespace Eta.Codec;

/// <summary>How a length prefix is written on the wire.</summary>
public enum LengthEncoding : byte
{
    /// <summary>Fixed 2-byte big-endian unsigned length (message header lengths).</summary>
    UInt16,

    /// <summary>
    /// u15rb: 1 byte when the value is below 0x80, else 2 bytes big-endian with the top bit set.
    /// <code>
    /// 0vvvvvvv                       value 0..0x7F
    /// 1vvvvvvv vvvvvvvv              value 0..0x7FFF
    /// </code>
    /// </summary>
    U15rb,

    /// <summary>
    /// u16ob: 1 byte when the value is below 0xFE, else the marker 0xFE followed by 2 bytes big-endian.
    /// <code>
    /// vvvvvvvv                       value 0..0xFD
    /// 11111110 vvvvvvvv vvvvvvvv     value 0..0xFFFF
    /// </code>
    /// </summary>
    U16ob,
}
