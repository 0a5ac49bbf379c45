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
}
