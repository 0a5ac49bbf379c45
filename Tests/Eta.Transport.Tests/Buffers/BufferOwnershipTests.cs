using Eta.TestSupport;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Buffers;

/// <summary>A buffer is the caller's from GetBuffer until Write or ReleaseBuffer; misuse after that is refused.</summary>
public sealed class BufferOwnershipTests
{
    [Fact]
    public void A_queued_buffer_cannot_be_written_again()
    {
        Channel channel = OpenChannel();
        TransportBuffer buffer = Fill(channel, 10);
        Assert.True(channel.Write(buffer) > TransportReturnCode.Success); // queued below the high-water mark

        // The frame was copied into the output queue and the buffer went back to the pool: it is no longer the caller's.
        Assert.Throws<ArgumentException>(() => channel.Write(buffer));
    }

    [Fact]
    public void A_sent_or_released_buffer_is_no_longer_the_callers()
    {
        Channel channel = OpenChannel();
        TransportBuffer sent = Fill(channel, 10);
        channel.Write(sent);
        Assert.Equal(TransportReturnCode.Success, channel.Flush());
        TransportBuffer released = Fill(channel, 10);
        channel.ReleaseBuffer(released);

        Assert.Throws<ArgumentException>(() => channel.Write(sent));
        Assert.Throws<ArgumentException>(() => channel.ReleaseBuffer(released));
        Assert.Throws<ArgumentException>(() => channel.PackBuffer(released));
    }

    [Fact]
    public void A_buffer_of_another_channel_is_refused()
    {
        Channel first = OpenChannel();
        Channel second = OpenChannel();
        TransportBuffer buffer = Fill(first, 10);

        Assert.Throws<ArgumentException>(() => second.Write(buffer));
        Assert.Equal(TransportReturnCode.Success, first.ReleaseBuffer(buffer));
    }

    [Fact]
    public void A_recycled_buffer_is_the_callers_again()
    {
        Channel channel = OpenChannel(new ConnectOptions { GuaranteedOutputBuffers = 1 });
        TransportBuffer first = Fill(channel, 10);
        channel.ReleaseBuffer(first);
        TransportBuffer second = Fill(channel, 10);

        Assert.Same(first, second); // one guaranteed buffer: the same object comes back
        Assert.True(channel.Write(second) >= TransportReturnCode.Success);
    }

    private static Channel OpenChannel(ConnectOptions? options = null)
    {
        byte[] ack = HexDump.Records(VectorFiles.SocketChannel("020_single_complete_message.txt"))[0];
        return ReplayClient.Open([ack], options).Channel;
    }

    private static TransportBuffer Fill(Channel channel, int length)
    {
        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(length, packed: false, out TransportBuffer? buffer));
        buffer!.Length = length;
        return buffer;
    }
}
