using Eta.TestSupport;
using Eta.Transport.Buffers;
using Eta.Transport.Tests.Support;
using Eta.Transport.Writing;
using Xunit;

namespace Eta.Transport.Tests.Writing;

/// <summary>
/// A written frame is copied into its priority's output queue and its buffer goes back to the pool at once; a
/// flush hands the socket a lone queue in one piece. What that must keep: the buffer limits, the bytes and their
/// order when the socket takes only part, and the flush order's position.
/// </summary>
public sealed class QueuedWriteTests
{
    [Fact]
    public void Frames_queued_below_the_high_water_mark_still_count_as_buffers_in_use()
    {
        (Channel channel, _) = Open(new ConnectOptions { GuaranteedOutputBuffers = 3 });
        for (int i = 0; i < 3; i++)
            Assert.True(channel.Write(Fill(channel, 10, (byte)i)) > TransportReturnCode.Success); // queued, not sent

        Assert.Equal(TransportReturnCode.NoBuffers, channel.GetBuffer(10, false, out _));
        Assert.Equal(TransportReturnCode.Success, channel.Flush());
        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(10, false, out _));
    }

    [Fact]
    public void A_socket_that_takes_part_of_a_queue_gets_the_rest_in_order_and_whole()
    {
        (Channel channel, ReplayStream stream) = Open(new ConnectOptions { GuaranteedOutputBuffers = 200 });
        var expected = new List<byte>();
        for (int i = 0; i < 100; i++)
            expected.AddRange(Frame(channel, 47, (byte)i, WritePriority.Medium));
        stream.WriteBudget = 1010; // stops in the middle of a frame (50 bytes each)

        Assert.True(channel.Flush() > TransportReturnCode.Success);
        // A frame written now, at a higher priority, must not get into the frames the socket has started on.
        expected.AddRange(Frame(channel, 47, 0xEE, WritePriority.High));
        stream.WriteBudget = long.MaxValue;
        Assert.Equal(TransportReturnCode.Success, channel.Flush());

        Assert.Equal(expected.ToArray(), stream.Written);
    }

    [Theory]
    [InlineData("HMHLHM")]
    [InlineData("HM")]
    [InlineData("LMH")]
    [InlineData("HHMMLH")]
    [InlineData("MH")] // L never named
    public void Serving_a_lone_queue_in_one_piece_leaves_the_flush_order_where_frame_by_frame_would(string text)
    {
        for (int priority = 0; priority < 3; priority++)
        {
            for (int frames = 0; frames <= 3 * text.Length + 2; frames++)
            {
                for (int start = 0; start < text.Length; start++)
                {
                    FlushOrder oneStep = FlushOrder.Parse(text, out _), byFrame = FlushOrder.Parse(text, out _);
                    OutputQueue[] all = Queues(0, 1, 2), lone = Queues(priority);
                    for (int i = 0; i < start; i++)
                    {
                        oneStep.Next(all);
                        byFrame.Next(all);
                    }
                    oneStep.Served((WritePriority)priority, frames);
                    for (int i = 0; i < frames; i++)
                        byFrame.Next(lone);
                    for (int i = 0; i < 2 * text.Length; i++)
                        Assert.True(Array.IndexOf(all, oneStep.Next(all)) == Array.IndexOf(all, byFrame.Next(all)),
                            $"'{text}', priority {priority}, {frames} frames from {start}: differs at step {i}");
                }
            }
        }
    }

    // Three queues, a frame in each of those asked for: Next only looks at which are empty.
    private static OutputQueue[] Queues(params int[] withFrames)
    {
        var pool = new OutputBufferPool(new object(), 1, 1, 16, shared: null);
        OutputQueue[] queues = [new(pool), new(pool), new(pool)];
        foreach (int i in withFrames)
            queues[i].Enqueue([0, 3, 2], counted: false);
        return queues;
    }

    private static (Channel, ReplayStream) Open(ConnectOptions? options = null) => WriteTestChannel.Open(options);

    private static TransportBuffer Fill(Channel channel, int length, byte value) => WriteTestChannel.Fill(channel, length, value);

    // Writes one message (queued below the high-water mark) and returns the RIPC frame it must become on the wire.
    private static byte[] Frame(Channel channel, int length, byte value, WritePriority priority)
    {
        Assert.True(channel.Write(Fill(channel, length, value), priority) > TransportReturnCode.Success);
        return WriteTestChannel.Frame(length, value);
    }
}
