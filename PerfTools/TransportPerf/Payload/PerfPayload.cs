using System.Buffers.Binary;

namespace PerfTools.TransportPerf.Payload;

/// <summary>
/// TransportPerf's message (guide §7.4), big-endian like the rest of RWF:
/// <code>
///  0               8               16                     msgSize
///  +---------------+---------------+----------------------+
///  | sequence (8)  | timestamp (8) | zeros                |
///  +---------------+---------------+----------------------+
/// </code>
/// The timestamp is nanoseconds (<see cref="Common.Timing.PerfTimestamp.NowNanoseconds"/>) when the message
/// carries latency, and 0 when it does not.
/// </summary>
public static class PerfPayload
{
    public const int SequenceOffset = 0;
    public const int TimestampOffset = 8;
    public const int HeaderLength = 16;

    /// <summary>Writes a whole message of <paramref name="destination"/>.Length bytes.</summary>
    public static void Write(Span<byte> destination, long sequence, long timestampNanoseconds)
    {
        BinaryPrimitives.WriteInt64BigEndian(destination, sequence);
        BinaryPrimitives.WriteInt64BigEndian(destination[TimestampOffset..], timestampNanoseconds);
        destination[HeaderLength..].Clear();
    }

    /// <summary>Reads the header; false when the message is too short to be a TransportPerf message.</summary>
    public static bool TryRead(ReadOnlySpan<byte> message, out long sequence, out long timestampNanoseconds)
    {
        if (message.Length < HeaderLength)
        {
            sequence = 0;
            timestampNanoseconds = 0;
            return false;
        }
        sequence = BinaryPrimitives.ReadInt64BigEndian(message);
        timestampNanoseconds = BinaryPrimitives.ReadInt64BigEndian(message[TimestampOffset..]);
        return true;
    }
}
