namespace Eta.Transport;

/// <summary>Size limits of the RIPC wire format.</summary>
internal static class RipcLimits
{
    /// <summary>Every RIPC frame starts with UInt16 length (whole frame) and UInt8 flags.</summary>
    public const int HeaderLength = 3;

    /// <summary>A frame of exactly the header is a ping.</summary>
    public const int PingLength = HeaderLength;

    /// <summary>Each message inside a packed frame is preceded by a UInt16 length.</summary>
    public const int PackedLengthSize = 2;

    /// <summary>The component version travels in a one-byte-length container inside a one-byte-length container.</summary>
    public const int MaxComponentVersionLength = 253;

    public const int MinFragmentSize = 20;

    /// <summary>The frame length is a UInt16, and a fragment adds up to 10 bytes of header.</summary>
    public const int MaxFragmentSize = ushort.MaxValue - 16;

    /// <summary>Messages shorter than this are not compressed (LSEG's default threshold).</summary>
    public const int DefaultCompressionThreshold = 30;
}
