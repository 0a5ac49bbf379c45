using Eta.Transport.Tests.Support;
using Xunit;
using static Eta.Transport.Tests.Writing.WriteTestChannel;

namespace Eta.Transport.Tests.Writing;

/// <summary>
/// While the peer is behind, the socket refuses bytes (EAGAIN). Each offer the writer makes then is a wasted
/// syscall: it offers the socket nothing more within a flush once the socket took less than offered, and writes
/// flush again only once per high-water mark of new frames, not on every write. Nothing is lost or reordered: the
/// caller's flush, once the socket takes bytes again, sends all of it.
/// </summary>
public sealed class RefusedSendTests
{
    private const int MessageLength = 100; // frames of 103 bytes
    private const int HighWaterMark = 6144;

    [Fact]
    public void Writes_while_the_socket_refuses_offer_it_bytes_once_per_high_water_mark_not_once_per_write()
    {
        (Channel channel, ReplayStream stream) = Open(new ConnectOptions { GuaranteedOutputBuffers = 5000 });
        stream.WriteBudget = 0; // the socket's send buffer is full
        var expected = new List<byte>();
        const int writes = 3000;
        for (int i = 0; i < writes; i++)
        {
            Assert.True(channel.Write(Fill(channel, MessageLength, (byte)i)) > TransportReturnCode.Success);
            expected.AddRange(Frame(MessageLength, (byte)i));
        }

        // 309,000 bytes: about one offer per 6144 bytes of frames (50 offers), where a flush per write past the
        // mark would be about 2,940 offers.
        int perHighWaterMark = writes * (MessageLength + 3) / HighWaterMark;
        Assert.InRange(stream.WriteCalls, 1, perHighWaterMark + 2);

        stream.WriteBudget = long.MaxValue; // the peer read: the caller's flush sends everything, in order
        Assert.Equal(TransportReturnCode.Success, channel.Flush());
        Assert.Equal(expected.ToArray(), stream.Written);
    }

    [Fact]
    public void A_socket_that_takes_part_of_a_flush_is_not_offered_the_rest_in_the_same_flush()
    {
        (Channel channel, ReplayStream stream) = Open(new ConnectOptions { GuaranteedOutputBuffers = 200 });
        var expected = new List<byte>();
        for (int i = 0; i < 50; i++)
        {
            channel.Write(Fill(channel, MessageLength, (byte)i));
            expected.AddRange(Frame(MessageLength, (byte)i));
        }
        stream.WriteBudget = 1000;
        int before = stream.WriteCalls;

        Assert.True(channel.Flush() > TransportReturnCode.Success);
        Assert.Equal(before + 1, stream.WriteCalls); // a second offer could only be refused
        stream.WriteBudget = 10; // the rest now waits in the staging area: its flush makes one offer too
        Assert.True(channel.Flush() > TransportReturnCode.Success);
        Assert.Equal(before + 2, stream.WriteCalls);

        stream.WriteBudget = long.MaxValue;
        Assert.Equal(TransportReturnCode.Success, channel.Flush());
        Assert.Equal(expected.ToArray(), stream.Written);
    }

    [Fact]
    public void Once_the_output_drains_writes_flush_at_the_high_water_mark_again()
    {
        (Channel channel, ReplayStream stream) = Open(new ConnectOptions { GuaranteedOutputBuffers = 5000 });
        stream.WriteBudget = 0;
        for (int i = 0; i < 200; i++)
            channel.Write(Fill(channel, MessageLength, 1));
        stream.WriteBudget = long.MaxValue;
        Assert.Equal(TransportReturnCode.Success, channel.Flush());
        int calls = stream.WriteCalls;

        // Below the mark nothing is sent; the write that reaches it sends the queue.
        int framesToMark = (HighWaterMark + MessageLength + 2) / (MessageLength + 3);
        for (int i = 1; i < framesToMark; i++)
            Assert.True(channel.Write(Fill(channel, MessageLength, 2)) > TransportReturnCode.Success);
        Assert.Equal(calls, stream.WriteCalls);
        Assert.Equal(TransportReturnCode.Success, channel.Write(Fill(channel, MessageLength, 2)));
        Assert.Equal(calls + 1, stream.WriteCalls);
    }
}
