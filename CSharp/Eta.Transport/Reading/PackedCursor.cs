using System.Buffers.Binary;

namespace Eta.Transport.Reading;

/// <summary>
/// Walks the messages of a packed payload: <c>[UInt16 length][message][UInt16 length][message]...</c>.
/// A zero-length message is returned only when it is the first of the frame (LSEG's behaviour: an empty
/// trailing slot is the sender's unused packing space).
/// </summary>
internal struct PackedCursor
{
    private byte[] _array;
    private int _position;
    private int _end;
    private bool _first;

    public readonly bool Active => _array is not null && _position < _end;

    public readonly int RemainingBytes => Active ? _end - _position : 0;

    public void Begin(byte[] array, int start, int end)
    {
        _array = array;
        _position = start;
        _end = end;
        _first = true;
    }

    /// <summary>Next message, or false at the end. <paramref name="malformed"/> is set when a length overruns the frame.</summary>
    public bool TryNext(out int start, out int length, out bool malformed)
    {
        malformed = false;
        while (Active)
        {
            if (_end - _position < RipcLimits.PackedLengthSize)
                return Fail(out start, out length, out malformed);
            length = BinaryPrimitives.ReadUInt16BigEndian(_array.AsSpan(_position));
            start = _position + RipcLimits.PackedLengthSize;
            if (start + length > _end)
                return Fail(out start, out length, out malformed);
            _position = start + length;
            bool first = _first;
            _first = false;
            if (length > 0 || first)
                return true;
        }
        start = length = 0;
        return false;
    }

    public void Reset()
    {
        _array = null!;
        _position = _end = 0;
    }

    private bool Fail(out int start, out int length, out bool malformed)
    {
        start = length = 0;
        malformed = true;
        Reset();
        return false;
    }
}
