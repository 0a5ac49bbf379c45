namespace Eta.Transport.Ripc;

/// <summary>
/// Bits of the flags byte at offset 2 of every RIPC frame:
/// <code>
/// +--------+--------+-------+----------------...
/// | length (UInt16) | flags | [ext flags] payload
/// +--------+--------+-------+----------------...
/// </code>
/// </summary>
internal static class RipcFlags
{
    /// <summary>An extended-flags byte follows the header (handshake replies, fragments).</summary>
    public const byte HasExtendedFlags = 0x01;
    /// <summary>Ordinary data frame.</summary>
    public const byte Data = 0x02;
    /// <summary>The payload is compressed.</summary>
    public const byte Compressed = 0x04;
    /// <summary>Compressed payload that continues in the next frame.</summary>
    public const byte CompressedFragment = 0x08;
    /// <summary>The payload holds several messages, each preceded by a UInt16 length.</summary>
    public const byte Packed = 0x10;
    /// <summary>ConnectAck: the server compresses although the client did not ask.</summary>
    public const byte ForceCompression = 0x80;
}

/// <summary>Bits of the extended-flags byte (offset 3 when <see cref="RipcFlags.HasExtendedFlags"/> is set).</summary>
internal static class RipcExtendedFlags
{
    public const byte ConnectAck = 0x01;
    public const byte ConnectNak = 0x02;
    /// <summary>Continuation of a fragmented message: [ext][fragment id] data.</summary>
    public const byte Fragment = 0x04;
    /// <summary>First frame of a fragmented message: [ext][UInt32 total length][fragment id] data.</summary>
    public const byte FragmentHeader = 0x08;
}
