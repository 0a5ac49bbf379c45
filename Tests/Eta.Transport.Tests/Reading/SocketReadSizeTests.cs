using Eta.TestSupport;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Reading;

/// <summary>
/// How much one socket read takes and what the read that follows it may skip: a read that fills the input buffer
/// says "call again" (the socket very likely holds more, so the caller need not poll first), one that does not
/// fill it lets the last buffered message end the batch; and a partial frame left at the end of the buffer is
/// moved to the front before the next read, so that read can take the whole buffer instead of its tail.
/// Frames follow the documented RIPC data frame: a two-byte big-endian length (header included), flags 0x02,
/// then the payload.
/// </summary>
public sealed class SocketReadSizeTests
{
    private const int FrameLength = 30;

    [Fact]
    public void A_read_that_fills_the_buffer_says_more_may_come_even_after_its_last_whole_frame()
    {
        (Channel channel, ReplayStream stream) = Open(capacity: 2 * FrameLength);
        stream.Enqueue([.. Frame('a'), .. Frame('b')]); // exactly the buffer
        stream.Enqueue(Frame('c'));

        Assert.True(channel.Read(out TransportBuffer? a) > TransportReturnCode.Success, "a: b is buffered");
        Assert.Equal(Payload('a'), a!.Contents.ToArray());
        TransportReturnCode afterB = channel.Read(out TransportBuffer? b);
        Assert.Equal(Payload('b'), b!.Contents.ToArray());
        Assert.True(afterB > TransportReturnCode.Success, $"b emptied a buffer its read had filled: call again, got {afterB}");
        Assert.Equal(TransportReturnCode.Success, channel.Read(out TransportBuffer? c));
        Assert.Equal(Payload('c'), c!.Contents.ToArray());
        Assert.Equal(TransportReturnCode.ReadWouldBlock, channel.Read(out TransportBuffer? none));
        Assert.Null(none);
    }

    [Fact]
    public void A_read_that_leaves_room_lets_its_last_whole_frame_end_the_batch()
    {
        (Channel channel, ReplayStream stream) = Open(capacity: 2 * FrameLength + 1);
        stream.Enqueue([.. Frame('a'), .. Frame('b')]);
        stream.Enqueue(Frame('c'));

        Assert.True(channel.Read(out _) > TransportReturnCode.Success);
        Assert.Equal(TransportReturnCode.Success, channel.Read(out TransportBuffer? b));
        Assert.Equal(Payload('b'), b!.Contents.ToArray());
        Assert.Equal(1, stream.PendingRecords); // c was not read: the caller polls before it
    }

    [Fact]
    public void The_read_after_a_partial_frame_takes_the_whole_buffer_not_just_its_tail()
    {
        // 100 bytes of buffer: a (50 bytes) and the first 10 of b, then the rest of b and two more frames (80 bytes).
        (Channel channel, ReplayStream stream) = Open(capacity: 100);
        byte[] a = Frame('a', 50);
        byte[] b = Frame('b');
        stream.Enqueue([.. a, .. b.AsSpan(0, 10)]);
        stream.Enqueue([.. b.AsSpan(10), .. Frame('c'), .. Frame('d')]);
        var args = new ReadArgs();

        Assert.Equal(TransportReturnCode.Success, channel.Read(args, out TransportBuffer? first));
        Assert.Equal(Payload('a', 50), first!.Contents.ToArray());
        Assert.True(channel.Read(args, out TransportBuffer? second) > TransportReturnCode.Success);
        Assert.Equal(Payload('b'), second!.Contents.ToArray());
        // Only the 10 bytes of b were kept, so 90 were free: the whole 80-byte record came in one read.
        Assert.Equal(80, args.BytesRead);
        Assert.Equal(0, stream.PendingRecords);
        Assert.Equal(Payload('c'), ReadMessage(channel));
        Assert.Equal(Payload('d'), ReadMessage(channel));
    }

    private static (Channel, ReplayStream) Open(int capacity)
    {
        List<byte[]> handshake = HexDump.Records(VectorFiles.SocketChannel("020_single_complete_message.txt"));
        return ReplayClient.Open(handshake.Take(1), new ConnectOptions { InputBufferCapacityOverride = capacity });
    }

    private static byte[] ReadMessage(Channel channel)
    {
        Assert.True(channel.Read(out TransportBuffer? message) >= TransportReturnCode.Success, channel.Error.Text);
        return message!.Contents.ToArray();
    }

    private static byte[] Payload(char fill, int frameLength = FrameLength) => Enumerable.Repeat((byte)fill, frameLength - 3).ToArray();

    private static byte[] Frame(char fill, int frameLength = FrameLength) =>
        [(byte)(frameLength >> 8), (byte)frameLength, 0x02, .. Payload(fill, frameLength)];
}
