namespace Eta.Transport.Buffers;

/// <summary>
/// A server's pool of output buffers that busy channels borrow beyond their guaranteed ones. Grows on
/// demand up to its size; thread-safe because a server's channels may be served by several threads.
/// </summary>
internal sealed class SharedBufferPool
{
    private readonly object _lock = new();
    private readonly Stack<byte[]> _free = new();
    private readonly int _arrayLength;
    private int _size;
    private int _inUse;

    public SharedBufferPool(int size, int arrayLength)
    {
        _size = size;
        _arrayLength = arrayLength;
    }

    public int ArrayLength => _arrayLength;

    public int Size { get { lock (_lock) return _size; } }

    public int InUse { get { lock (_lock) return _inUse; } }

    /// <summary>Most buffers lent at once since the last <see cref="ResetPeak"/>.</summary>
    public int PeakInUse { get; private set; }

    public byte[]? TryRent()
    {
        lock (_lock)
        {
            if (_inUse >= _size)
                return null;
            _inUse++;
            PeakInUse = Math.Max(PeakInUse, _inUse);
            return _free.Count > 0 ? _free.Pop() : new byte[_arrayLength];
        }
    }

    public void Return(byte[] array)
    {
        lock (_lock)
        {
            _inUse--;
            if (_free.Count + _inUse < _size)
                _free.Push(array);
        }
    }

    public void Resize(int size)
    {
        lock (_lock)
        {
            _size = size;
            while (_free.Count > 0 && _free.Count + _inUse > _size)
                _free.Pop();
        }
    }

    public void ResetPeak()
    {
        lock (_lock)
            PeakInUse = _inUse;
    }
}
