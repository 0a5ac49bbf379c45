using Eta.TestSupport;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Writing;

/// <summary>
/// The usual buffer GetBuffer hands out is the free space at the end of an output queue, and Write only commits
/// it. What that must keep: write order and bytes with several buffers out at once, the priority of each write,
/// a flush while the buffer is out, direct socket writes, and the buffer limits. Expected frames follow the RIPC
/// data frame layout: 2-byte big-endian length (header included), flags 0x02, the message.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class InPlaceBufferTests
{
    [Theory]
    [InlineData("ABab")] // written in the order taken
    [InlineData("ABba")] // second one written first: the queue moves off the first one's memory
    [InlineData("ABAb")] // first one released unwritten
    [InlineData("ABaB")]
    [InlineData("AaBb")] // one at a time
    public void Buffers_out_at_once_reach_the_wire_whole_and_in_write_order(string script)
    {
        (Channel channel, ReplayStream stream) = Open();
        var expected = new List<byte>();
        for (int round = 0; round < 3; round++) // again: the queue's spare array is reused
        {
            var buffers = new Dictionary<char, TransportBuffer>();
            foreach (char step in script)
            {
                char name = char.ToUpperInvariant(step);
                byte value = (byte)(round * 16 + name);
                if (char.IsUpper(step) && !buffers.ContainsKey(name))
                {
                    buffers[name] = Fill(channel, 40 + name, value);
                }
                else if (char.IsUpper(step))
                {
                    channel.ReleaseBuffer(buffers[name]);
                }
                else
                {
                    Assert.True(channel.Write(buffers[name]) > TransportReturnCode.Success);
                    expected.AddRange(Frame(40 + name, value));
                }
            }
        }
        Assert.Equal(TransportReturnCode.Success, channel.Flush());

        Assert.Equal(expected.ToArray(), stream.Written);
    }

    [Fact]
    public void A_buffer_written_at_another_priority_than_the_one_before_is_flushed_at_its_own()
    {
        (Channel channel, ReplayStream stream) = Open();
        Assert.True(channel.Write(Fill(channel, 20, 0x11), WritePriority.Medium) > TransportReturnCode.Success);
        // Lent at the end of the medium queue (where the last one went), written high: it must leave first.
        Assert.True(channel.Write(Fill(channel, 30, 0x22), WritePriority.High) > TransportReturnCode.Success);
        Assert.True(channel.Write(Fill(channel, 25, 0x33), WritePriority.Medium) > TransportReturnCode.Success);

        Assert.Equal(TransportReturnCode.Success, channel.Flush());

        Assert.Equal([.. Frame(30, 0x22), .. Frame(20, 0x11), .. Frame(25, 0x33)], stream.Written);
    }

    [Fact]
    public void A_flush_while_the_buffer_is_out_leaves_its_bytes_alone()
    {
        (Channel channel, ReplayStream stream) = Open();
        var expected = new List<byte>();
        for (int i = 0; i < 5; i++)
        {
            Assert.True(channel.Write(Fill(channel, 50, (byte)i)) > TransportReturnCode.Success);
            expected.AddRange(Frame(50, (byte)i));
        }
        TransportBuffer open = Fill(channel, 60, 0xAB);
        Assert.Equal(TransportReturnCode.Success, channel.Flush()); // the queue empties under the open buffer
        Assert.True(channel.Write(Fill(channel, 10, 0xCD)) > TransportReturnCode.Success); // a pool buffer, queued meanwhile
        Assert.True(channel.Write(open) > TransportReturnCode.Success);
        expected.AddRange(Frame(10, 0xCD));
        expected.AddRange(Frame(60, 0xAB));

        Assert.Equal(TransportReturnCode.Success, channel.Flush());
        Assert.Equal(expected.ToArray(), stream.Written);
    }

    [Fact]
    public void A_direct_socket_write_sends_the_frame_at_once()
    {
        (Channel channel, ReplayStream stream) = Open();

        Assert.Equal(TransportReturnCode.Success, channel.Write(Fill(channel, 33, 0x5A), WritePriority.High, WriteFlags.DirectSocketWrite));

        Assert.Equal(Frame(33, 0x5A), stream.Written);
        Assert.Equal(0, channel.PendingBytes);
    }

    [Fact]
    public void The_in_place_buffer_counts_against_the_guaranteed_buffers()
    {
        (Channel channel, _) = Open(new ConnectOptions { GuaranteedOutputBuffers = 2 });
        TransportBuffer first = Fill(channel, 10, 1);
        TransportBuffer second = Fill(channel, 10, 2);

        Assert.Equal(TransportReturnCode.NoBuffers, channel.GetBuffer(10, false, out _));
        channel.ReleaseBuffer(first);
        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(10, false, out TransportBuffer? third));
        Assert.Equal(TransportReturnCode.NoBuffers, channel.GetBuffer(10, false, out _));
        channel.ReleaseBuffer(third!);
        channel.ReleaseBuffer(second);
        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(10, false, out _));
        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(10, false, out _));
        Assert.Equal(TransportReturnCode.NoBuffers, channel.GetBuffer(10, false, out _));
    }

    [Fact]
    public void Two_buffers_out_at_once_allocate_nothing_in_steady_state()
    {
        (Channel channel, ReplayStream stream) = Open();
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 1000; i++)
            {
                channel.GetBuffer(76, false, out TransportBuffer? first);
                channel.GetBuffer(76, false, out TransportBuffer? second);
                first!.Length = second!.Length = 76;
                channel.Write(second);
                channel.Write(first);
                if (channel.PendingBytes > 2048)
                {
                    channel.Flush();
                    stream.ClearWritten();
                }
            }
        });
    }

    private static (Channel, ReplayStream) Open(ConnectOptions? options = null) =>
        WriteTestChannel.Open(options ?? new ConnectOptions { GuaranteedOutputBuffers = 50 });

    private static TransportBuffer Fill(Channel channel, int length, byte value) => WriteTestChannel.Fill(channel, length, value);

    private static byte[] Frame(int length, byte value) => WriteTestChannel.Frame(length, value);
}
