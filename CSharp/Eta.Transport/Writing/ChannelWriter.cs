using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;
using Eta.Transport.Buffers;
using Eta.Transport.Compression;
using Eta.Transport.Io;
using Eta.Transport.Ripc;

namespace Eta.Transport.Writing;

/// <summary>
/// The write side of an active channel: hands out buffers, frames written buffers (packing, compression,
/// fragmentation), queues each frame in its priority's queue and flushes the queues in the priority flush order
/// when the high-water mark is reached, on <see cref="Flush"/>, or at once for a direct socket write into empty
/// queues. The usual buffer is encoded in place at the end of a queue, so writing it commits a length; the others
/// (a second buffer out at once, compressed channels, messages larger than a fragment) come from the pool and
/// their frames are copied into the queue, the buffer going back to the pool at once.
/// Socket errors surface as SocketException for the channel to turn into a closed state.
/// </summary>
internal sealed class ChannelWriter
{
    private const int FragmentHeaderLength = RipcLimits.HeaderLength + 1 + 4; // + fragment id
    private const int FragmentLength = RipcLimits.HeaderLength + 1;            // + fragment id
    private const string NoBuffersText =
        "GetBuffer: all output buffers are in use (guaranteed ones, and the server's shared pool up to maxOutputBuffers); flush, or raise the buffer counts with IOCtl";
    /// <summary>
    /// A header-only data frame: LSEG C writes a ping as length 3 with the data flag (ipcIntWrtHeader) and its
    /// reader closes the channel on any frame without the data, compressed or extended flag (ipcReadSession).
    /// </summary>
    private static ReadOnlySpan<byte> PingFrame => [0x00, 0x03, RipcFlags.Data];

    private readonly OutputQueue[] _queues;
    /// <summary>
    /// The channel's one in-place buffer: lent by GetBuffer (when no compression is negotiated and it is not already
    /// out) as a reservation in <see cref="_reservedQueue"/>, the queue the last one was written to.
    /// </summary>
    private readonly TransportBuffer _inPlace;
    private OutputQueue _reservedQueue;
    private readonly StagingBuffer _staging;
    private readonly OutputBufferPool _pool;
    private readonly ICompressor? _compressor;
    private readonly byte[] _compressScratch;
    private readonly int _maxFragmentSize;
    /// <summary>What the compressor may add to a fragment-sized input: kept free in every compressed frame.</summary>
    private readonly int _compressionReserve;
    private readonly int _fragmentIdLength;
    private readonly int _maxFragmentId;
    private FlushOrder _flushOrder = FlushOrder.Parse(FlushOrder.Default, out _);
    private IChannelStream? _stream;
    private int _queuedBytes;
    /// <summary>
    /// Queued bytes at which a write flushes: the high-water mark, or, after the socket refused bytes, one more
    /// high-water mark of new frames than were queued then (see <see cref="AfterQueueing"/>).
    /// </summary>
    private int _flushAt = DefaultHighWaterMark;
    private int _highWaterMark = DefaultHighWaterMark;
    private int _nextFragmentId;
    private int _compressedPriority = -1;

    public ChannelWriter(OutputBufferPool pool, int maxFragmentSize, RipcVersion version, ICompressor? compressor)
    {
        _pool = pool;
        _queues = [new(pool), new(pool), new(pool)];
        _inPlace = new TransportBuffer(pool.Owner);
        _reservedQueue = _queues[(int)WritePriority.High];
        _maxFragmentSize = maxFragmentSize;
        _fragmentIdLength = version.FragmentIdLength;
        _maxFragmentId = version.FragmentIdLength == 2 ? ushort.MaxValue : byte.MaxValue;
        _compressor = compressor;
        _compressScratch = compressor is null ? [] : new byte[compressor.MaxCompressedLength(pool.ArrayLength)];
        _compressionReserve = compressor is null ? 0 : compressor.MaxCompressedLength(maxFragmentSize) - maxFragmentSize;
        _staging = new StagingBuffer(Math.Max(128 * 1024, 4 * (maxFragmentSize + 64)));
    }

    private const int DefaultHighWaterMark = 6144;

    public int HighWaterMark
    {
        get => _highWaterMark;
        set => _highWaterMark = _flushAt = value;
    }

    /// <summary>
    /// True after the socket took less than it was offered (its send buffer is full), until a flush empties the
    /// output: a send before the socket is writable again could only be refused.
    /// </summary>
    private bool SendRefused { get; set; }

    public int CompressionThreshold { get; set; } = RipcLimits.DefaultCompressionThreshold;

    public string FlushOrderText => _flushOrder.Text;

    public OutputBufferPool Pool => _pool;

    /// <summary>Bytes written (queued or staged) and not yet accepted by the socket.</summary>
    public int PendingBytes => _queuedBytes + _staging.Pending;

    /// <summary>True while a flush has bytes the socket has not yet taken (frames not started stay queued).</summary>
    public bool HasStagedBytes => !_staging.IsEmpty;

    /// <summary>Bytes the output queues have copied inside themselves (growing, or moving off a reserved array): diagnostics.</summary>
    public long QueuedBytesMoved => _queues[0].BytesMoved + _queues[1].BytesMoved + _queues[2].BytesMoved;

    /// <summary>Set each time the socket accepts bytes (for ping timing).</summary>
    public bool SentData { get; set; }

    public bool SetFlushOrder(string text, out string? error)
    {
        FlushOrder parsed = FlushOrder.Parse(text, out error);
        if (error is not null)
            return false;
        _flushOrder = parsed;
        return true;
    }

    public TransportReturnCode GetBuffer(int size, bool packed, TransportError error, out TransportBuffer? buffer)
    {
        if (size < 0 || (packed && (size < RipcLimits.PackedLengthSize || size > _maxFragmentSize)))
            ThrowBadSize(size, packed);
        if (size > _maxFragmentSize)
        {
            buffer = _pool.RentBig(size);
            return TransportReturnCode.Success;
        }
        if (_compressor is null && !_inPlace._rented && _pool.TryLendInPlace())
        {
            // The common case: the buffer is the free space after the last frame of a queue, so Write only commits it.
            int frameLength = RipcLimits.HeaderLength + size;
            byte[] array = _reservedQueue.Reserve(frameLength, out int frameStart);
            _inPlace.PrepareForWrite(array, frameStart, frameStart + frameLength, packed, BufferOrigin.InPlace);
            buffer = _inPlace;
            return TransportReturnCode.Success;
        }
        buffer = _pool.TryRent(packed);
        if (buffer is null)
            return error.Set(TransportReturnCode.NoBuffers, NoBuffersText); // constant: flow control must not allocate
        buffer._limit = buffer.PayloadStart + size; // the whole frame payload, packed lengths included
        return TransportReturnCode.Success;
    }

    /// <summary>Kept out of <see cref="GetBuffer"/> so the message texts are not built inline on the per-message path.</summary>
    [DoesNotReturn]
    private void ThrowBadSize(int size, bool packed) =>
        throw new ArgumentOutOfRangeException(nameof(size), size,
            size < 0 ? "Buffer size cannot be negative."
            : size < RipcLimits.PackedLengthSize ? "A packed buffer needs at least 2 bytes (one length slot)."
            : $"A packed buffer cannot exceed the max fragment size {_maxFragmentSize}.");

    /// <summary>Closes the current message of a packed buffer; returns the bytes left for more messages.</summary>
    public TransportReturnCode PackBuffer(TransportBuffer buffer, TransportError error)
    {
        if (!buffer._packed)
            return error.Set(TransportReturnCode.Failure, "PackBuffer: the buffer was not obtained as packable (GetBuffer with packed: true)");
        buffer.ClosePackedMessage();
        return (TransportReturnCode)buffer.Capacity;
    }

    public TransportReturnCode Write(TransportBuffer buffer, WritePriority priority, WriteFlags flags, WriteArgs? args)
    {
        if (buffer._origin == BufferOrigin.InPlace)
            return WriteInPlace(buffer, priority, flags, args);
        if (buffer._origin == BufferOrigin.Big || buffer._fragmentOffset > 0)
            return WriteFragmented(buffer, priority, flags, args, buffer._length);

        int payloadStart = buffer.PayloadStart;
        int payloadLength = buffer.PayloadEnd() - payloadStart;
        // A message that will be compressed must leave room in its frame for the compressor's worst case;
        // when it cannot, it goes out as fragments, as LSEG sends it (6129 bytes at a 6144 fragment size).
        if (_compressor is not null && !buffer._packed && payloadLength > MaxCompressedPayload(RipcLimits.HeaderLength)
            && ShouldCompress(payloadLength, priority, flags))
            return WriteFragmented(buffer, priority, flags, args, payloadLength);
        byte frameFlags = buffer._packed ? (byte)(RipcFlags.Data | RipcFlags.Packed) : RipcFlags.Data;
        int uncompressedFrame = payloadLength + RipcLimits.HeaderLength;
        TransportBuffer? overflow = null;

        if (ShouldCompress(payloadLength, priority, flags))
        {
            int compressed = _compressor!.Compress(buffer._array.AsSpan(payloadStart, payloadLength), _compressScratch);
            frameFlags = (byte)(RipcFlags.Compressed | (buffer._packed ? RipcFlags.Packed : 0));
            int firstPart = Math.Min(compressed, _maxFragmentSize - RipcLimits.HeaderLength);
            _compressScratch.AsSpan(0, firstPart).CopyTo(buffer._array.AsSpan(payloadStart));
            if (firstPart < compressed)
            {
                // Compression grew the message past one frame: the rest follows in a second frame (flag
                // CompressedFragment on the first), which the reader joins before delivering (LSEG's way).
                frameFlags |= RipcFlags.CompressedFragment;
                overflow = _pool.RentBig(compressed - firstPart);
                _compressScratch.AsSpan(firstPart, compressed - firstPart).CopyTo(overflow._array.AsSpan(overflow.PayloadStart));
                overflow._frameLength = RipcLimits.HeaderLength + compressed - firstPart;
                WriteHeader(overflow._array.AsSpan(overflow._frameStart), overflow._frameLength, RipcFlags.Compressed);
            }
            payloadLength = firstPart;
        }

        int frameLength = payloadLength + RipcLimits.HeaderLength;
        WriteHeader(buffer._array.AsSpan(buffer._frameStart), frameLength, frameFlags);
        buffer._frameLength = frameLength;
        if (args is not null)
        {
            args.BytesWritten = frameLength + (overflow?._frameLength ?? 0);
            args.UncompressedBytesWritten = uncompressedFrame;
        }
        if (overflow is null && (flags & WriteFlags.DirectSocketWrite) != 0 && PendingBytes == 0)
        {
            TransportReturnCode result = WriteDirect(buffer._array.AsSpan(buffer._frameStart, buffer._frameLength));
            _pool.Return(buffer);
            return result;
        }
        Enqueue(buffer, priority);
        if (overflow is not null)
            Enqueue(overflow, priority);
        return AfterQueueing(flags);
    }

    /// <summary>
    /// Sends queued data in priority order; returns bytes still pending or Success. While one priority alone holds
    /// frames (the common case) its queue goes to the socket as it is, in one call; otherwise frames are taken one
    /// per letter of the flush order into the staging area, which keeps what the socket has not yet taken.
    /// </summary>
    public TransportReturnCode Flush()
    {
        TransportReturnCode result = FlushQueues();
        NoteFlushed(result);
        return result;
    }

    private TransportReturnCode FlushQueues()
    {
        while (true)
        {
            if (_staging.IsEmpty && SoleQueue() is { } sole)
                return SendQueue(_queues[(int)sole], sole);
            while (_staging.Free > 0)
            {
                OutputQueue? queue = _flushOrder.Next(_queues);
                if (queue is null)
                    break;
                if (queue.Head.Length > _staging.Free)
                    break;
                _staging.Append(queue.HeadBytes);
                LeaveQueue(queue.Dequeue());
            }
            if (_staging.IsEmpty)
                return TransportReturnCode.Success;
            if (_staging.Send(_stream!) > 0)
                SentData = true;
            if (!_staging.IsEmpty)
                return (TransportReturnCode)PendingBytes;
        }
    }

    /// <summary>Writes a ping frame unless data is pending (which the flush sends instead).</summary>
    public TransportReturnCode Ping()
    {
        if (PendingBytes == 0)
            _staging.Append(PingFrame);
        return Flush();
    }

    public void Release(TransportBuffer buffer)
    {
        if (buffer._origin != BufferOrigin.InPlace)
        {
            _pool.Return(buffer);
            return;
        }
        buffer._rented = false;
        _reservedQueue.TakeBack(buffer._array);
        _pool.InPlaceReturned(queued: false);
    }

    /// <summary>Drops every queued frame (channel close).</summary>
    public void Clear()
    {
        foreach (OutputQueue queue in _queues)
            queue.Drop();
        _pool.ForgetQueuedFrames();
        _queuedBytes = 0;
        _staging.Clear();
        NoteFlushed(TransportReturnCode.Success);
    }

    /// <summary>The stream frames go to (set once the handshake picked the final socket).</summary>
    public void Attach(IChannelStream stream) => _stream = stream;

    /// <summary>
    /// A compressed stream must reach the peer in the order it was produced, but queues of different
    /// priorities are flushed out of order: so, as LSEG does, only the first priority ever compressed is
    /// compressed from then on; the others go out uncompressed.
    /// </summary>
    private bool ShouldCompress(int payloadLength, WritePriority priority, WriteFlags flags)
    {
        if (_compressor is null || (flags & WriteFlags.DoNotCompress) != 0 || payloadLength < CompressionThreshold)
            return false;
        if (_compressedPriority < 0)
            _compressedPriority = (int)priority;
        return _compressedPriority == (int)priority;
    }

    /// <summary>A direct socket write with nothing pending: the frame goes to the socket now, what it does not take to the staging area.</summary>
    private TransportReturnCode WriteDirect(ReadOnlySpan<byte> frame)
    {
        int sent = SendWhileTaken(frame);
        if (sent < frame.Length)
            _staging.Append(frame[sent..]);
        TransportReturnCode result = PendingBytes > 0 ? (TransportReturnCode)PendingBytes : TransportReturnCode.Success;
        NoteFlushed(result);
        return result;
    }

    /// <summary>
    /// After a send: bytes still pending mean the socket refused them (every send goes on until it does), so the
    /// next write-triggered flush waits for another high-water mark of frames; an empty output starts afresh.
    /// </summary>
    private void NoteFlushed(TransportReturnCode result)
    {
        SendRefused = result > TransportReturnCode.Success;
        _flushAt = SendRefused ? _queuedBytes + _highWaterMark : _highWaterMark;
    }

    /// <summary>
    /// Writes the in-place buffer: its frame already sits after the last frame of the queue it was reserved in, so
    /// for the priority of that queue only the header and the length are committed. Another priority, or a queue
    /// that moved off the reserved array (another buffer was written meanwhile), takes a copy of the frame instead.
    /// </summary>
    private TransportReturnCode WriteInPlace(TransportBuffer buffer, WritePriority priority, WriteFlags flags, WriteArgs? args)
    {
        byte[] array = buffer._array;
        int frameStart = buffer._frameStart;
        int frameLength = (buffer._packed ? buffer.PayloadEnd() : buffer._dataStart + buffer._length) - frameStart;
        WriteHeader(array.AsSpan(frameStart), frameLength, buffer._packed ? (byte)(RipcFlags.Data | RipcFlags.Packed) : RipcFlags.Data);
        buffer._rented = false;
        if (args is not null)
            args.BytesWritten = args.UncompressedBytesWritten = frameLength;
        OutputQueue reserved = _reservedQueue;
        if ((flags & WriteFlags.DirectSocketWrite) != 0 && PendingBytes == 0)
        {
            TransportReturnCode result = WriteDirect(array.AsSpan(frameStart, frameLength));
            reserved.TakeBack(array);
            _pool.InPlaceReturned(queued: false);
            return result;
        }
        OutputQueue target = _queues[(int)priority];
        if (!ReferenceEquals(target, reserved) || !reserved.TryCommit(array, frameStart, frameLength))
        {
            target.Enqueue(array.AsSpan(frameStart, frameLength), counted: true);
            reserved.TakeBack(array);
            _reservedQueue = target; // the next in-place buffer goes where this one went
        }
        _pool.InPlaceReturned(queued: true);
        _queuedBytes += frameLength;
        return AfterQueueing(flags);
    }

    /// <summary>
    /// Hands the socket <paramref name="bytes"/>; returns how many it took. A socket that takes less than it is
    /// offered has filled its send buffer: offering the rest at once could only be refused (EAGAIN), so it waits.
    /// </summary>
    private int SendWhileTaken(ReadOnlySpan<byte> bytes)
    {
        int sent = bytes.IsEmpty ? 0 : Math.Max(0, _stream!.Write(bytes));
        if (sent > 0)
            SentData = true;
        return sent;
    }

    // The frame is copied into its priority's queue and the buffer goes back to the pool now, not at flush time.
    private void Enqueue(TransportBuffer buffer, WritePriority priority)
    {
        int frameLength = buffer._frameLength;
        ReadOnlySpan<byte> frame = buffer._array.AsSpan(buffer._frameStart, frameLength);
        _queues[(int)priority].Enqueue(frame, counted: buffer._origin != BufferOrigin.Big);
        _pool.ReturnQueued(buffer);
        _queuedBytes += frameLength;
    }

    private void LeaveQueue(OutputQueue.Frame frame)
    {
        _queuedBytes -= frame.Length;
        if (frame.Counted)
            _pool.FramesLeftQueue(1);
    }

    /// <summary>The one priority whose queue holds frames, or null when none or several do.</summary>
    private WritePriority? SoleQueue()
    {
        bool high = !_queues[0].IsEmpty, medium = !_queues[1].IsEmpty, low = !_queues[2].IsEmpty;
        if (high == medium ? high || !low : low)
            return null; // several, or none
        return high ? WritePriority.High : medium ? WritePriority.Medium : WritePriority.Low;
    }

    /// <summary>
    /// Sends the one non-empty queue straight from its bytes (in two calls when its ring wraps, the second only
    /// when the socket took all of the first). Whole frames the socket took leave the queue; the rest of a frame it
    /// took in part, and the frames after it that fit, move to the staging area, as a frame-by-frame flush would have
    /// staged them: nothing written later may get in front of them.
    /// </summary>
    private TransportReturnCode SendQueue(OutputQueue queue, WritePriority priority)
    {
        ReadOnlySpan<byte> first = queue.FirstBytes;
        int sent = SendWhileTaken(first);
        if (sent == first.Length)
            sent += SendWhileTaken(queue.SecondBytes);
        int served = 0;
        if (sent == queue.ByteCount)
        {
            // Everything went: the usual case, settled in one step.
            served = queue.FrameCount;
            _queuedBytes -= sent;
            _pool.FramesLeftQueue(queue.CountedFrames);
            queue.Clear();
            _flushOrder.Served(priority, served);
            return PendingBytes > 0 ? (TransportReturnCode)PendingBytes : TransportReturnCode.Success;
        }
        while (!queue.IsEmpty && queue.Head.Length <= sent)
        {
            sent -= queue.Head.Length;
            LeaveQueue(queue.Dequeue());
            served++;
        }
        if (sent > 0)
        {
            _staging.Append(queue.HeadBytes[sent..]);
            LeaveQueue(queue.Dequeue());
            served++;
        }
        // The socket pushed back: stage what fits, as a frame-by-frame flush stages before it sends.
        while (!queue.IsEmpty && queue.Head.Length <= _staging.Free)
        {
            _staging.Append(queue.HeadBytes);
            LeaveQueue(queue.Dequeue());
            served++;
        }
        _flushOrder.Served(priority, served);
        return PendingBytes > 0 ? (TransportReturnCode)PendingBytes : TransportReturnCode.Success;
    }

    /// <summary>
    /// Flushes when the queues (not counting bytes already handed to the staging area) reach the high-water mark,
    /// or at once for a direct socket write. Once the socket has refused bytes, a write flushes again only when
    /// another high-water mark of frames has been queued since: a send per write while the peer is behind would
    /// be a refused syscall per write, and one per high-water mark still sends soon after space opens. The
    /// caller's own <see cref="Flush"/> (when the socket is writable) always sends.
    /// </summary>
    private TransportReturnCode AfterQueueing(WriteFlags flags)
    {
        if (_queuedBytes >= _flushAt || ((flags & WriteFlags.DirectSocketWrite) != 0 && !SendRefused))
            return Flush();
        return (TransportReturnCode)PendingBytes;
    }

    /// <summary>
    /// Splits a message into a fragment header frame and fragment frames, each in its own pool buffer:
    /// <code>
    /// [len][flags|0x01][0x08][UInt32 total length][fragment id] data     first
    /// [len][flags|0x01][0x04][fragment id] data                          following
    /// </code>
    /// Compressed fragments are compressed one by one, sized so the compressed frame fits the fragment size.
    /// When the pool runs dry mid-way, progress is kept in the buffer and WriteCallAgain is returned.
    /// </summary>
    private TransportReturnCode WriteFragmented(TransportBuffer buffer, WritePriority priority, WriteFlags flags, WriteArgs? args, int messageLength)
    {
        if (buffer._fragmentOffset == 0 && buffer._fragmentId == 0)
            buffer._fragmentId = NextFragmentId();
        bool compress = ShouldCompress(messageLength, priority, flags);
        ReadOnlySpan<byte> message = buffer._array.AsSpan(buffer.PayloadStart, messageLength);
        while (buffer._fragmentOffset < messageLength)
        {
            TransportBuffer? frame = _pool.TryRent(packed: false);
            if (frame is null)
            {
                Flush();
                frame = _pool.TryRent(packed: false);
                if (frame is null && buffer._origin != BufferOrigin.Big)
                    frame = _pool.RentBig(_maxFragmentSize); // the message holds a pool buffer itself: waiting for one could last forever
                if (frame is null)
                {
                    ReportFragmentBytes(buffer, args);
                    return TransportReturnCode.WriteCallAgain;
                }
            }
            bool first = buffer._fragmentOffset == 0;
            int header = (first ? FragmentHeaderLength : FragmentLength) + _fragmentIdLength;
            Span<byte> target = frame._array.AsSpan(frame._frameStart, frame._limit - frame._frameStart);
            int chunk, payloadLength;
            byte frameFlags;
            if (compress)
            {
                chunk = Math.Min(messageLength - buffer._fragmentOffset, MaxCompressedPayload(header));
                payloadLength = _compressor!.Compress(message.Slice(buffer._fragmentOffset, chunk), target[header..]);
                frameFlags = RipcFlags.HasExtendedFlags | RipcFlags.Compressed;
            }
            else
            {
                chunk = Math.Min(messageLength - buffer._fragmentOffset, _maxFragmentSize + RipcLimits.HeaderLength - header);
                message.Slice(buffer._fragmentOffset, chunk).CopyTo(target[header..]);
                payloadLength = chunk;
                frameFlags = RipcFlags.HasExtendedFlags | RipcFlags.Data;
            }
            int frameLength = header + payloadLength;
            WriteHeader(target, frameLength, frameFlags);
            int pos = RipcLimits.HeaderLength;
            target[pos++] = first ? RipcExtendedFlags.FragmentHeader : RipcExtendedFlags.Fragment;
            if (first)
            {
                BinaryPrimitives.WriteUInt32BigEndian(target[pos..], (uint)messageLength);
                pos += 4;
            }
            if (_fragmentIdLength == 2)
                BinaryPrimitives.WriteUInt16BigEndian(target[pos..], (ushort)buffer._fragmentId);
            else
                target[pos] = (byte)buffer._fragmentId;
            frame._frameLength = frameLength;
            Enqueue(frame, priority);
            buffer._fragmentOffset += chunk;
            buffer._fragmentBytesWritten += frameLength;
            buffer._fragmentUncompressedWritten += header + chunk;
        }
        ReportFragmentBytes(buffer, args);
        _pool.Return(buffer);
        return AfterQueueing(flags);
    }

    // A message written over several calls (WriteCallAgain) reports its fragments so far in each: the last call's
    // counts are the whole message's.
    private static void ReportFragmentBytes(TransportBuffer buffer, WriteArgs? args)
    {
        if (args is null)
            return;
        args.BytesWritten = buffer._fragmentBytesWritten;
        args.UncompressedBytesWritten = buffer._fragmentUncompressedWritten;
    }

    /// <summary>
    /// Most bytes of a message that one frame with <paramref name="header"/> bytes of headers carries compressed:
    /// the largest frame (fragment size plus the RIPC header) less the compressor's growth at that size.
    /// </summary>
    private int MaxCompressedPayload(int header) => _maxFragmentSize + RipcLimits.HeaderLength - header - _compressionReserve;

    private int NextFragmentId()
    {
        _nextFragmentId = _nextFragmentId >= _maxFragmentId ? 1 : _nextFragmentId + 1;
        return _nextFragmentId;
    }

    private static void WriteHeader(Span<byte> frame, int frameLength, byte flags)
    {
        BinaryPrimitives.WriteUInt16BigEndian(frame, (ushort)frameLength);
        frame[2] = flags;
    }
}
