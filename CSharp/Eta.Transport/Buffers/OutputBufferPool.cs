using System.Buffers;

namespace Eta.Transport.Buffers;

/// <summary>
/// A channel's output buffers: <c>guaranteed</c> ones created up front and kept, plus (on a server) up to
/// <c>maxOutputBuffers - guaranteed</c> borrowed from the server's shared pool. Buffers larger than a fragment
/// come from ArrayPool. <see cref="TransportBuffer"/> shells are recycled, so renting allocates nothing.
/// </summary>
internal sealed class OutputBufferPool
{
    private readonly Stack<byte[]> _freeArrays = new();
    private readonly Stack<TransportBuffer> _freeShells = new();
    private readonly SharedBufferPool? _shared;
    private readonly int _arrayLength;
    private int _guaranteedTarget;
    private int _guaranteedCreated;
    private int _guaranteedInUse;
    private int _sharedInUse;

    /// <param name="arrayLength">Bytes per buffer: the largest frame plus header room.</param>
    public OutputBufferPool(int guaranteed, int maxBuffers, int arrayLength, SharedBufferPool? shared)
    {
        _arrayLength = arrayLength;
        _shared = shared;
        MaxBuffers = Math.Max(maxBuffers, guaranteed);
        SetGuaranteed(guaranteed);
    }

    public int ArrayLength => _arrayLength;

    public int Guaranteed => _guaranteedTarget;

    public int MaxBuffers { get; private set; }

    /// <summary>Buffers handed out and not yet returned (guaranteed plus borrowed).</summary>
    public int InUse => _guaranteedInUse + _sharedInUse;

    /// <summary>A buffer whose array holds one frame, or null when none is left (NO_BUFFERS).</summary>
    public TransportBuffer? TryRent(bool packed, object owner)
    {
        byte[]? array;
        BufferOrigin origin;
        if (_freeArrays.Count > 0)
        {
            array = _freeArrays.Pop();
            origin = BufferOrigin.Guaranteed;
            _guaranteedInUse++;
        }
        else if (_shared is not null && InUse < MaxBuffers && (array = _shared.TryRent()) is not null)
        {
            origin = BufferOrigin.Shared;
            _sharedInUse++;
        }
        else
        {
            return null;
        }
        TransportBuffer buffer = Shell();
        buffer.PrepareForWrite(array, 0, array.Length, packed, origin, owner);
        return buffer;
    }

    /// <summary>A buffer for a message larger than a fragment (it is fragmented on write).</summary>
    public TransportBuffer RentBig(int size, object owner)
    {
        byte[] array = ArrayPool<byte>.Shared.Rent(size + RipcLimits.HeaderLength);
        TransportBuffer buffer = Shell();
        buffer.PrepareForWrite(array, 0, RipcLimits.HeaderLength + size, packed: false, BufferOrigin.Big, owner);
        return buffer;
    }

    public void Return(TransportBuffer buffer)
    {
        byte[] array = buffer._array;
        switch (buffer._origin)
        {
            case BufferOrigin.Guaranteed:
                _guaranteedInUse--;
                if (_freeArrays.Count + _guaranteedInUse < _guaranteedTarget)
                    _freeArrays.Push(array);
                else
                    _guaranteedCreated--;
                break;
            case BufferOrigin.Shared:
                _sharedInUse--;
                _shared!.Return(array);
                break;
            case BufferOrigin.Big:
                ArrayPool<byte>.Shared.Return(array);
                break;
        }
        buffer._array = [];
        buffer._owner = null;
        buffer._next = null;
        _freeShells.Push(buffer);
    }

    /// <summary>Changes the number of guaranteed buffers (IOCtl); extra ones are dropped as they come back.</summary>
    public void SetGuaranteed(int count)
    {
        _guaranteedTarget = count;
        while (_guaranteedCreated < count)
        {
            _freeArrays.Push(new byte[_arrayLength]);
            _freeShells.Push(new TransportBuffer()); // one shell per buffer up front: renting never allocates
            _guaranteedCreated++;
        }
        while (_guaranteedCreated > count && _freeArrays.Count > 0)
        {
            _freeArrays.Pop();
            _guaranteedCreated--;
        }
        MaxBuffers = Math.Max(MaxBuffers, count);
    }

    public void SetMaxBuffers(int count) => MaxBuffers = Math.Max(count, _guaranteedTarget);

    private TransportBuffer Shell() => _freeShells.Count > 0 ? _freeShells.Pop() : new TransportBuffer();
}
