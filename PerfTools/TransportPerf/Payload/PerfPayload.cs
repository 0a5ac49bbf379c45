using System.Buffers.Binary;

namespace PerfTools.TransportPerf.Payload;

/// <summary>
/// TransportPerf's message (guide §7.4) laid out as LSEG's TransportPerf tools (C, Java, C#) write it, so either
/// side can be LSEG's. Unlike the RWF it rides in, both numbers are in little-endian byte order (LSEG writes them in
/// the host's order, and every platform it ships for is little-endian):
/// <code>
///  0                   8                    16                      msgSize
///  +-------------------+--------------------+-----------------------+
///  | sequence (i64 LE) | timestamp (i64 LE) | zeros                 |
///  +-------------------+--------------------+-----------------------+
/// </code>
/// A sender numbers its messages from 0 on each connection. The timestamp is nanoseconds
/// (<see cref="Common.Timing.PerfTimestamp.NowNanoseconds"/>) when the message carries latency, and 0 when it does not.
/// </summary>
public static class PerfPayload
{
    public const int SequenceOffset = 0;
    public const int TimestampOffset = 8;
    public const int HeaderLength = 16;

    /// <summary>The first sequence number a sender writes on a connection.</summary>
    public const long FirstSequence = 0;

    /// <summary>Writes a whole message of <paramref name="destination"/>.Length bytes.</summary>
    public static void Write(Span<byte> destination, long sequence, long timestampNanoseconds)
    {
        BinaryPrimitives.WriteInt64LittleEndian(destination, sequence);
        BinaryPrimitives.WriteInt64LittleEndian(destination[TimestampOffset..], timestampNanoseconds);
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
        sequence = BinaryPrimitives.ReadInt64LittleEndian(message);
        timestampNanoseconds = BinaryPrimitives.ReadInt64LittleEndian(message[TimestampOffset..]);
        return true;
    }
}
