using Eta.Transport.Buffers;
using Eta.Transport.Writing;
using Xunit;

namespace Eta.Transport.Tests.Writing;

/// <summary>
/// The output queue is a ring of whole frames: a frame that does not fit before the end of the array starts at its
/// front, the queue's bytes are then in two parts, and growing or moving off a reserved array puts them back in one.
/// Random writes, reservations (committed, abandoned, or overtaken by a copied frame) and sends against a plain list
/// of frames: the queue must always hold the same bytes in the same order.
/// </summary>
public sealed class OutputQueueRingTests
{
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void Random_writes_reservations_and_sends_keep_every_frame_whole_and_in_order(int seed)
    {
        var random = new Random(seed);
        var queue = new OutputQueue(new OutputBufferPool(new object(), 4, 4, 48, shared: null));
        var model = new List<byte[]>();
        byte next = 0;
        bool wrapped = false;

        byte[] NewFrame(int length)
        {
            var frame = new byte[length];
            foreach (ref byte b in frame.AsSpan())
                b = next++;
            return frame;
        }

        for (int step = 0; step < 20_000; step++)
        {
            int op = random.Next(10);
            if (op < 3)
            {
                byte[] frame = NewFrame(random.Next(3, 40));
                queue.Enqueue(frame, counted: true);
                model.Add(frame);
            }
            else if (op < 6)
            {
                byte[] frame = NewFrame(random.Next(3, 40));
                byte[] array = queue.Reserve(frame.Length + random.Next(0, 8), out int position);
                frame.CopyTo(array, position);
                int outcome = random.Next(6);
                if (outcome == 0)
                {
                    queue.TakeBack(array); // abandoned (released unwritten)
                    continue;
                }
                if (outcome == 1)
                {
                    // Another buffer is written first: the queue moves off the reserved array, and this frame is
                    // then copied in behind it, as the writer does when the commit is refused.
                    byte[] other = NewFrame(random.Next(3, 40));
                    queue.Enqueue(other, counted: true);
                    model.Add(other);
                    Assert.False(queue.TryCommit(array, position, frame.Length));
                    queue.Enqueue(array.AsSpan(position, frame.Length), counted: true);
                    queue.TakeBack(array);
                }
                else
                {
                    Assert.True(queue.TryCommit(array, position, frame.Length));
                }
                model.Add(frame);
            }
            else if (op < 9 && model.Count > 0)
            {
                // The socket takes some whole frames.
                for (int n = random.Next(1, model.Count + 1); n > 0; n--)
                {
                    Assert.Equal(model[0], queue.HeadBytes.ToArray());
                    Assert.Equal(model[0].Length, queue.Dequeue().Length);
                    model.RemoveAt(0);
                }
            }
            else if (op == 9 && random.Next(20) == 0)
            {
                queue.Clear();
                model.Clear();
            }
            wrapped |= !queue.SecondBytes.IsEmpty;
            Assert.Equal(model.Count, queue.FrameCount);
            Assert.Equal(model.Sum(f => f.Length), queue.ByteCount);
            byte[] queued = [.. queue.FirstBytes, .. queue.SecondBytes];
            Assert.Equal(model.SelectMany(f => f).ToArray(), queued);
        }
        Assert.True(wrapped, "the queue never wrapped: the test did not reach what it is for");
    }

    [Fact]
    public void A_small_backlog_that_never_drains_stays_within_the_starting_reach()
    {
        // Two or three 3,000-byte frames always queued, 100,000 frames through: a ring that wrapped only at the end of
        // the array sized for 5,000 buffers walked all 31 MB of it, and the process became resident in all of it.
        var queue = new OutputQueue(new OutputBufferPool(new object(), 4, 5000, 6144 + 64, shared: null));
        var frame = new byte[3000];
        for (int i = 0; i < 100_000; i++)
        {
            queue.Enqueue(frame, counted: true);
            if (queue.FrameCount > 2)
                queue.Dequeue();
        }
        Assert.True(queue.Reach <= OutputQueue.InitialReach, $"the ring reached {queue.Reach} bytes into its array for a backlog of 3 frames");
    }

    [Theory]
    [InlineData(5000, 2500, 4, 2, 42)] // the wrapped part fits after the rest: copied there
    [InlineData(20, 1000, 12, 11, 1)]  // it does not (22,000-byte array, 12,288-byte reach): both rotated to the front
    public void A_backlog_past_the_reach_while_wrapped_keeps_every_frame_in_order(int buffers, int frameLength, int first, int sent, int more)
    {
        var queue = new OutputQueue(new OutputBufferPool(new object(), 4, buffers, frameLength, shared: null));
        var expected = new Queue<byte[]>();
        byte next = 0;
        void Add()
        {
            var frame = new byte[frameLength];
            frame.AsSpan().Fill(next++);
            queue.Enqueue(frame, counted: true);
            expected.Enqueue(frame);
        }
        void Remove()
        {
            byte[] head = expected.Dequeue();
            Assert.True(queue.HeadBytes.SequenceEqual(head), $"frame {head[0]} is not at the head");
            queue.Dequeue();
        }

        for (int i = 0; i < first; i++)
            Add();
        for (int i = 0; i < sent; i++)
            Remove();
        for (int i = 0; i < sent + more; i++)
            Add(); // wraps (the front has room, the reach does not), then fills the reach while wrapped: it extends
        Assert.True(queue.Reach >= expected.Count * frameLength, $"reach {queue.Reach} for {expected.Count} frames");
        byte[] all = [.. queue.FirstBytes, .. queue.SecondBytes];
        Assert.Equal(expected.SelectMany(f => f).ToArray(), all);
        while (expected.Count > 0)
            Remove();
        Assert.True(queue.IsEmpty);
    }
}
