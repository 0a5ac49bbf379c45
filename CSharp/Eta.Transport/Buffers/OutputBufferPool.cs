using System.Buffers;
using System.Runtime.CompilerServices;

namespace Eta.Transport.Buffers;

/// <summary>
/// A channel's output buffers: <c>guaranteed</c> ones created up front and kept, each with its own slice of a few
/// large arrays (<see cref="SlabBytes"/>), plus
/// (on a server) up to <c>maxOutputBuffers - guaranteed</c> whose arrays are borrowed from the server's shared
/// pool. Buffers larger than a fragment take their array from ArrayPool. Every <see cref="TransportBuffer"/> is
/// recycled and belongs to the pool's channel for life, so renting allocates nothing and touches few references.
/// </summary>
internal sealed class OutputBufferPool
{
    /// <summary>
    /// Most bytes of one array the guaranteed buffers share. A channel's 5,000 guaranteed buffers were 5,000 arrays of
    /// 6 KB: 30 MB zeroed and then copied by the collections that followed, 30 ms of the channel's start, while its peer
    /// already sent. A few large arrays, left uninitialised, cost next to nothing until a buffer is first written, and
    /// never move.
    /// </summary>
    public const int SlabBytes = 16 * 1024 * 1024;

    private readonly object _owner;
    /// <summary>Guaranteed buffers not in use, arrays attached.</summary>
    private readonly Stack<TransportBuffer> _freeGuaranteed = new();
    /// <summary>Buffers without an array, for shared-pool and big arrays.</summary>
    private readonly Stack<TransportBuffer> _freeShells = new();
    private readonly SharedBufferPool? _shared;
    private readonly int _arrayLength;
    private readonly int _buffersPerSlab;
    private int _guaranteedTarget;
    private int _guaranteedCreated;
    private int _guaranteedInUse;
    private int _sharedInUse;
    /// <summary>
    /// Frames written and still queued: their buffers came back to the pool when the frame was copied into the
    /// output queue, but they count as in use until the frame leaves the queue, as the buffers themselves did.
    /// </summary>
    private int _queuedFrames;
    /// <summary>1 while the channel's in-place buffer (a slice of an output queue) is lent out: it counts as a guaranteed buffer.</summary>
    private int _inPlaceInUse;

    /// <param name="owner">The channel the buffers are handed out by (checked on Write and Release).</param>
    /// <param name="arrayLength">Bytes per buffer: the largest frame plus header room.</param>
    /// <param name="slabBytes">Most bytes of one array the guaranteed buffers share (<see cref="SlabBytes"/>).</param>
    public OutputBufferPool(object owner, int guaranteed, int maxBuffers, int arrayLength, SharedBufferPool? shared, int slabBytes = SlabBytes)
    {
        _owner = owner;
        _arrayLength = arrayLength;
        _buffersPerSlab = Math.Max(1, slabBytes / arrayLength);
        _shared = shared;
        MaxBuffers = Math.Max(maxBuffers, guaranteed);
        SetGuaranteed(guaranteed);
    }

    public int ArrayLength => _arrayLength;

    public int Guaranteed => _guaranteedTarget;

    public int MaxBuffers { get; private set; }

    /// <summary>Buffers handed out and not yet returned (guaranteed plus borrowed), written frames still queued included.</summary>
    public int InUse => _guaranteedInUse + _sharedInUse + _queuedFrames + _inPlaceInUse;

    /// <summary>The channel that hands these buffers out.</summary>
    public object Owner => _owner;

    /// <summary>A buffer whose array holds one frame, or null when none is left (NO_BUFFERS).</summary>
    public TransportBuffer? TryRent(bool packed)
    {
        if (_guaranteedInUse + _queuedFrames + _inPlaceInUse < _guaranteedTarget && _freeGuaranteed.TryPop(out TransportBuffer? buffer))
        {
            _guaranteedInUse++;
            buffer.PrepareForWrite(buffer._array, buffer._home, buffer._home + _arrayLength, packed, BufferOrigin.Guaranteed);
            return buffer;
        }
        if (_shared is not null && InUse < MaxBuffers && _shared.TryRent() is { } array)
        {
            _sharedInUse++;
            buffer = Shell();
            buffer.PrepareForWrite(array, 0, array.Length, packed, BufferOrigin.Shared);
            return buffer;
        }
        return null;
    }

    /// <summary>
    /// Takes one guaranteed buffer's place for the in-place buffer; false when none is free (the caller then
    /// tries <see cref="TryRent"/>, which may borrow from the server's shared pool).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryLendInPlace()
    {
        if (_guaranteedInUse + _queuedFrames + _inPlaceInUse >= _guaranteedTarget)
            return false;
        _inPlaceInUse = 1;
        return true;
    }

    /// <summary>The in-place buffer came back; <paramref name="queued"/>: its frame stays queued, counted as in use.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void InPlaceReturned(bool queued)
    {
        _inPlaceInUse = 0;
        if (queued)
            _queuedFrames++;
    }

    /// <summary>A buffer for a message larger than a fragment (it is fragmented on write).</summary>
    public TransportBuffer RentBig(int size)
    {
        byte[] array = ArrayPool<byte>.Shared.Rent(size + RipcLimits.HeaderLength);
        TransportBuffer buffer = Shell();
        buffer.PrepareForWrite(array, 0, RipcLimits.HeaderLength + size, packed: false, BufferOrigin.Big);
        return buffer;
    }

    /// <summary>
    /// Takes back a buffer whose frame was copied into an output queue; true when the frame counts against the
    /// buffer limits until <see cref="FramesLeftQueue"/> (pool buffers do; big ones never did).
    /// </summary>
    public bool ReturnQueued(TransportBuffer buffer)
    {
        bool counted = buffer._origin != BufferOrigin.Big;
        Return(buffer);
        if (counted)
            _queuedFrames++;
        return counted;
    }

    /// <summary>Counted frames left their output queue (sent, or moved to the staging area).</summary>
    public void FramesLeftQueue(int count) => _queuedFrames -= count;

    /// <summary>Every queued frame was dropped (channel close).</summary>
    public void ForgetQueuedFrames() => _queuedFrames = _inPlaceInUse = 0;

    public void Return(TransportBuffer buffer)
    {
        buffer._rented = false;
        switch (buffer._origin)
        {
            case BufferOrigin.Guaranteed:
                _guaranteedInUse--;
                if (_freeGuaranteed.Count + _guaranteedInUse < _guaranteedTarget)
                    _freeGuaranteed.Push(buffer);
                else
                    _guaranteedCreated--; // IOCtl lowered the count: let this one go
                return;
            case BufferOrigin.Shared:
                _sharedInUse--;
                _shared!.Return(buffer._array);
                break;
            case BufferOrigin.Big:
                ArrayPool<byte>.Shared.Return(buffer._array);
                break;
        }
        buffer._array = [];
        _freeShells.Push(buffer);
    }

    /// <summary>Changes the number of guaranteed buffers (IOCtl); extra ones are dropped as they come back.</summary>
    public void SetGuaranteed(int count)
    {
        _guaranteedTarget = count;
        while (_guaranteedCreated < count)
        {
            int buffers = Math.Min(count - _guaranteedCreated, _buffersPerSlab);
            byte[] slab = GC.AllocateUninitializedArray<byte>(buffers * _arrayLength);
            // Pushed last to first, so the first rented is the slab's first slice.
            for (int i = buffers - 1; i >= 0; i--)
                _freeGuaranteed.Push(new TransportBuffer(_owner) { _array = slab, _home = i * _arrayLength });
            _guaranteedCreated += buffers;
        }
        while (_guaranteedCreated > count && _freeGuaranteed.Count > 0)
        {
            _freeGuaranteed.Pop();
            _guaranteedCreated--;
        }
        MaxBuffers = Math.Max(MaxBuffers, count);
    }

    public void SetMaxBuffers(int count) => MaxBuffers = Math.Max(count, _guaranteedTarget);

    private TransportBuffer Shell() => _freeShells.Count > 0 ? _freeShells.Pop() : new TransportBuffer(_owner);
}
