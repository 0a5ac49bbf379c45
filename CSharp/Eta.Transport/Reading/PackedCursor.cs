using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Eta.Transport.Reading;

/// <summary>
/// Walks the messages of a packed payload: <c>[UInt16 length][message][UInt16 length][message]...</c>.
/// A zero-length slot is never returned as a message, first or not: LSEG's socket channel test asserts no
/// message for a packed frame whose only slot is empty (vector 070) and for an empty last slot (090).
/// </summary>
internal struct PackedCursor
{
    private byte[]? _array;
    private int _position;
    private int _end;

    /// <summary>The array the messages live in (input or decompression memory).</summary>
    public readonly byte[]? Array => _array;

    public readonly bool Active => _position < _end;

    public readonly int RemainingBytes => _end - _position;

    /// <summary>Set when a length ran past the end of the frame; the cursor is then empty.</summary>
    public bool Malformed { get; private set; }

    public void Begin(byte[] array, int start, int end)
    {
        _array = array;
        _position = start;
        _end = end;
        Malformed = false;
    }

    /// <summary>Next message, or false at the end (check <see cref="Malformed"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryNext(out int start, out int length)
    {
        // The usual message (non-empty, inside the frame) in a few instructions; the rest below.
        int position = _position;
        if (_array is { } array && position + RipcLimits.PackedLengthSize <= _end)
        {
            length = (array[position] << 8) | array[position + 1];
            start = position + RipcLimits.PackedLengthSize;
            if (length > 0 && length <= _end - start)
            {
                _position = start + length;
                return true;
            }
        }
        return TryNextInFull(out start, out length);
    }

    private bool TryNextInFull(out int start, out int length)
    {
        while (_position < _end)
        {
            ReadOnlySpan<byte> rest = _array.AsSpan(_position, _end - _position);
            if (rest.Length < RipcLimits.PackedLengthSize || (length = BinaryPrimitives.ReadUInt16BigEndian(rest)) > rest.Length - RipcLimits.PackedLengthSize)
                break;
            start = _position + RipcLimits.PackedLengthSize;
            _position = start + length;
            if (length > 0)
                return true;
        }
        if (_position < _end)
            Malformed = true;
        Reset();
        start = length = 0;
        return false;
    }

    public void Reset()
    {
        _array = null;
        _position = _end = 0;
    }
}
