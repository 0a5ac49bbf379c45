using System.Net.Sockets;
using Eta.TestSupport;
using Eta.Transport.Buffers;
using Eta.Transport.Io;
using Eta.Transport.Ripc;
using Eta.Transport.Writing;
using Xunit;

namespace Eta.Transport.Tests.Writing;

/// <summary>
/// A sender past capacity keeps its output queue full behind a socket that takes a little at a time. The queue
/// compacted to the front of its array then moved its whole backlog for every high-water mark of new frames (12% of
/// a blasting TransportPerf's time); as a ring, frames leave at the front and arrive behind them with no byte moved
/// and nothing allocated, and the socket still gets every frame whole and in order.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class BackedUpOutputTests
{
    private const int MessageLength = 2997; // 3,000-byte frames, as a pack of twenty 150-byte messages makes
    private const int FrameLength = MessageLength + RipcLimits.HeaderLength;
    private const int Buffers = 64;

    [Fact]
    public void A_backed_up_socket_gets_every_frame_in_order_with_no_queued_byte_moved_and_nothing_allocated()
    {
        using var socket = new SlowSocket(MessageLength);
        var pool = new OutputBufferPool(new object(), Buffers, Buffers, 6144 + 64, shared: null);
        var writer = new ChannelWriter(pool, 6144, RipcVersion.V14, compressor: null);
        writer.Attach(socket);
        var error = new TransportError();
        long written = 0;

        // One run: write until every buffer is queued behind the socket, then let the socket take one send's worth
        // (less than the backlog: it never empties), as a thread woken by writability would; 200 times.
        void Run()
        {
            for (int i = 0; i < 200; i++)
            {
                while (writer.GetBuffer(MessageLength, packed: false, error, out TransportBuffer? buffer) == TransportReturnCode.Success)
                {
                    buffer!.Data[..MessageLength].Fill((byte)written++);
                    buffer.Length = MessageLength;
                    Assert.True(writer.Write(buffer, WritePriority.High, WriteFlags.None, null) >= TransportReturnCode.Success);
                }
                socket.Budget = 10_000;
                writer.Flush();
            }
        }

        Run(); // the backlog builds
        long movedBefore = writer.QueuedBytesMoved;
        AllocationAssert.None(Run);
        Assert.Equal(movedBefore, writer.QueuedBytesMoved);
        Assert.True(writer.PendingBytes > 10 * FrameLength, $"the socket was not backed up: {writer.PendingBytes} bytes pending");

        socket.Budget = long.MaxValue;
        Assert.Equal(TransportReturnCode.Success, writer.Flush());
        Assert.Null(socket.Corruption);
        Assert.Equal(written, socket.Frames);
    }

    [Fact]
    public void A_backlog_that_keeps_growing_allocates_nothing_once_it_has_formed()
    {
        // Each run writes 150 frames and the socket takes 50 frames' worth: the backlog reaches a new largest size every
        // run, as behind a reader slower than its sender. The channel's buffer counts bound that backlog, so the queue
        // is sized for it once, at its first frame: a queue that grew to each new largest backlog (doubling) allocated
        // again inside every measured window.
        const int messageLength = 297, frameLength = messageLength + RipcLimits.HeaderLength, buffers = 40_000;
        using var socket = new SlowSocket(messageLength);
        var pool = new OutputBufferPool(new object(), buffers, buffers, frameLength + 64, shared: null);
        var writer = new ChannelWriter(pool, 6144, RipcVersion.V14, compressor: null);
        writer.Attach(socket);
        var error = new TransportError();
        long written = 0;
        int runs = 0;

        void Run()
        {
            for (int i = 0; i < 150 && writer.GetBuffer(messageLength, packed: false, error, out TransportBuffer? buffer) == TransportReturnCode.Success; i++)
            {
                buffer!.Data[..messageLength].Fill((byte)written++);
                buffer.Length = messageLength;
                Assert.True(writer.Write(buffer, WritePriority.High, WriteFlags.None, null) >= TransportReturnCode.Success);
            }
            socket.Budget = 50 * frameLength;
            writer.Flush();
            runs++;
        }

        while (writer.PendingBytes < 256 * 1024)
            Run(); // the backlog forms, past the staging area
        AllocationAssert.None(Run);
        Assert.True(pool.InUse < buffers, $"the backlog stopped growing: all {buffers} buffers were queued after {runs} runs");
        Assert.True(writer.PendingBytes >= runs * 100 * frameLength, $"the backlog did not grow: {writer.PendingBytes} bytes pending after {runs} runs");

        socket.Budget = long.MaxValue;
        Assert.Equal(TransportReturnCode.Success, writer.Flush());
        Assert.Null(socket.Corruption);
        Assert.Equal(written, socket.Frames);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void Every_buffer_queued_in_frames_of_any_size_fits_the_array_the_queue_was_sized_to(int seed)
    {
        // Frames of random sizes up to the largest, every buffer of the channel queued again and again behind a socket
        // taking random amounts, so the ring wraps at every place: the array the queue was sized to at its first frame
        // holds them all, and it never moves to another (a queue that doubled moved at each larger backlog).
        const int buffers = 64, maxFragmentSize = 6144;
        var random = new Random(seed);
        using var socket = new SlowSocket(messageLength: null);
        var pool = new OutputBufferPool(new object(), buffers, buffers, maxFragmentSize + RipcLimits.HeaderLength + 2 + 64, shared: null);
        var writer = new ChannelWriter(pool, maxFragmentSize, RipcVersion.V14, compressor: null);
        writer.Attach(socket);
        var error = new TransportError();
        long allocatedAfterFirstRun = 0;
        // The pool's buffers are one large array: it can start a background collection, which would still be running
        // (and counting bytes to this thread) while the runs below are measured.
        GC.Collect();
        GC.WaitForPendingFinalizers();

        bool Write(int length)
        {
            if (writer.GetBuffer(length, packed: false, error, out TransportBuffer? buffer) != TransportReturnCode.Success)
                return false;
            buffer!.Length = length;
            Assert.True(writer.Write(buffer, WritePriority.High, WriteFlags.None, null) >= TransportReturnCode.Success);
            return true;
        }
        int RandomLength() => random.Next(4) == 0 ? maxFragmentSize : random.Next(1, maxFragmentSize + 1);

        for (int run = 0; run < 2_000; run++)
        {
            while (Write(RandomLength()))
            {
            }
            if (pool.InUse != buffers)
                Assert.Fail($"run {run}: {pool.InUse} of {buffers} buffers queued"); // Assert.Equal allocates a comparer per call
            if (run == 0)
                allocatedAfterFirstRun = GC.GetAllocatedBytesForCurrentThread();
            socket.Budget = random.Next(0, 100_000);
            writer.Flush();
        }
        // Only moves inside the array as the ring's reach grows (at most the array's bytes once), never a larger array.
        long allocated = GC.GetAllocatedBytesForCurrentThread() - allocatedAfterFirstRun;
        Assert.True(allocated <= AllocationAssert.OneOffBudgetBytes, $"the queue allocated {allocated} bytes after its first run");
        Assert.True(writer.QueuedBytesMoved <= (buffers + 2L) * pool.ArrayLength, $"the queue moved {writer.QueuedBytesMoved} bytes");
        socket.Budget = long.MaxValue;
        Assert.Equal(TransportReturnCode.Success, writer.Flush());
    }

    /// <summary>A socket with a send budget (0 left: would block) that checks each frame as it arrives, without allocating.</summary>
    /// <param name="messageLength">The length of every message, checked with its frame; null: frames are not checked.</param>
    private sealed class SlowSocket(int? messageLength) : IChannelStream
    {
        private readonly int _frameLength = messageLength + RipcLimits.HeaderLength ?? 0;
        private readonly byte[] _header = new byte[RipcLimits.HeaderLength];
        private int _inFrame;

        public long Budget { get; set; }

        public long Frames { get; private set; }

        public string? Corruption { get; private set; }

        public Socket Socket { get; } = new(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);

        public bool HasBufferedInput => false;

        public string? FailureReason => null;

        public int Read(Span<byte> destination) => 0;

        public int Write(ReadOnlySpan<byte> source)
        {
            int count = (int)Math.Min(source.Length, Budget);
            Budget -= count;
            if (_frameLength > 0)
            {
                foreach (byte b in source[..count])
                    Check(b);
            }
            return count;
        }

        // Each frame: its 2-byte length, the data flag, then messageLength bytes of its number (mod 256).
        private void Check(byte b)
        {
            if (_inFrame < RipcLimits.HeaderLength)
            {
                _header[_inFrame] = b;
                if (_inFrame == RipcLimits.HeaderLength - 1 && ((_header[0] << 8 | _header[1]) != _frameLength || _header[2] != RipcFlags.Data))
                    Corruption ??= "a frame header is wrong";
            }
            else if (b != (byte)Frames)
            {
                Corruption ??= "a frame's bytes are out of order";
            }
            if (++_inFrame == _frameLength)
            {
                _inFrame = 0;
                Frames++;
            }
        }

        public HandshakeProgress ContinueHandshake() => HandshakeProgress.Done;

        public void Dispose() => Socket.Dispose();
    }
}
