using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;
using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace Eta.Transport;

/// <summary>
/// A message buffer. From <see cref="Channel.GetBuffer"/>: encode into <see cref="Data"/>, set
/// <see cref="Length"/> to the bytes encoded, then <see cref="Channel.Write(TransportBuffer, WritePriority, WriteFlags)"/>
/// (or <see cref="Channel.PackBuffer"/> to add another message to a packed buffer).
/// From <see cref="Channel.Read(out TransportBuffer?)"/>: <see cref="Data"/> is the message, valid until the next Read.
/// <para>Output layout in the backing array (the frame header is filled in on write):</para>
/// <code>
/// [RIPC header 3][packed len 2][message][packed len 2][message]...   packed
/// [RIPC header 3][message]                                           regular
/// </code>
/// </summary>
public sealed class TransportBuffer
{
    internal byte[] _array = [];
    /// <summary>A guaranteed buffer's own slice of <see cref="_array"/>, which its pool shares among many: where it starts.</summary>
    internal int _home;
    /// <summary>Where the current message starts in <see cref="_array"/>.</summary>
    internal int _dataStart;
    /// <summary>End of the usable space in <see cref="_array"/>.</summary>
    internal int _limit;
    internal int _length;
    /// <summary>Start of the RIPC frame (the 3-byte header) in <see cref="_array"/>.</summary>
    internal int _frameStart;
    internal bool _packed;
    /// <summary>Packed messages already closed by PackBuffer.</summary>
    internal int _packedCount;
    /// <summary>End of the last message closed by PackBuffer.</summary>
    internal int _closedEnd;
    internal Buffers.BufferOrigin _origin;
    /// <summary>The channel whose pool this buffer belongs to (ownership check on Write/Release); null for read buffers.</summary>
    internal readonly object? _owner;
    /// <summary>True from GetBuffer until the buffer goes back to its pool.</summary>
    internal bool _rented;
    /// <summary>Frame length once written (header included).</summary>
    internal int _frameLength;
    /// <summary>Fragmented write in progress: bytes of the message already sent in fragments, and its id.</summary>
    internal int _fragmentOffset;
    internal int _fragmentId;
    /// <summary>Fragmented write in progress: wire bytes (and uncompressed) of the fragments queued so far, over every call.</summary>
    internal int _fragmentBytesWritten;
    internal int _fragmentUncompressedWritten;

    internal TransportBuffer(object? owner = null) => _owner = owner;

    /// <summary>Space for the current message (write buffers) or the message itself (read buffers).</summary>
    public Span<byte> Data => _array.AsSpan(_dataStart, _limit - _dataStart);

    /// <summary><see cref="Data"/> as Memory.</summary>
    public Memory<byte> Memory => _array.AsMemory(_dataStart, _limit - _dataStart);

    /// <summary>The encoded (or received) bytes: <see cref="Data"/> cut to <see cref="Length"/>.</summary>
    public ReadOnlySpan<byte> Contents => _array.AsSpan(_dataStart, _length);

    /// <summary>Backing array and offset of <see cref="Data"/>, for encoders that work on arrays.</summary>
    public byte[] Array => _array;

    public int Offset => _dataStart;

    /// <summary>Bytes available for the current message.</summary>
    public int Capacity => _limit - _dataStart;

    /// <summary>Bytes of the current message; set it after encoding into <see cref="Data"/>.</summary>
    public int Length
    {
        get => _length;
        set
        {
            if ((uint)value > (uint)Capacity)
                ThrowLengthOutOfRange(value);
            _length = value;
        }
    }

    [DoesNotReturn]
    private void ThrowLengthOutOfRange(int value) =>
        throw new ArgumentOutOfRangeException(nameof(Length), value, $"Length must be between 0 and the capacity {Capacity}.");

    /// <summary>True when this buffer came from GetBuffer(size, packed: true).</summary>
    public bool IsPacked => _packed;

    /// <summary>Points this buffer at memory for a new output message.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void PrepareForWrite(byte[] array, int frameStart, int limit, bool packed, Buffers.BufferOrigin origin)
    {
        if (!ReferenceEquals(_array, array))
            _array = array;
        _rented = true;
        _frameStart = frameStart;
        _packed = packed;
        _dataStart = frameStart + RipcLimits.HeaderLength + (packed ? RipcLimits.PackedLengthSize : 0);
        _limit = limit;
        _length = 0;
        _packedCount = 0;
        _closedEnd = 0;
        _origin = origin;
        _frameLength = 0;
        _fragmentOffset = 0;
        _fragmentId = 0;
        _fragmentBytesWritten = 0;
        _fragmentUncompressedWritten = 0;
    }

    /// <summary>Points this buffer at a received message.</summary>
    internal void PrepareForRead(byte[] array, int start, int length)
    {
        if (!ReferenceEquals(_array, array))
            _array = array; // consecutive messages share an array: skip the GC write barrier
        _dataStart = start;
        _limit = start + length;
        _length = length;
        _origin = Buffers.BufferOrigin.Input;
    }

    /// <summary>Closes the current packed message (writes its length slot) and opens the next one.</summary>
    internal void ClosePackedMessage()
    {
        Debug.Assert(_packed);
        BinaryPrimitives.WriteUInt16BigEndian(_array.AsSpan(_dataStart - RipcLimits.PackedLengthSize), (ushort)_length);
        _closedEnd = _dataStart + _length;
        _dataStart = Math.Min(_closedEnd + RipcLimits.PackedLengthSize, _limit); // at the limit: Capacity is 0
        _length = 0;
        _packedCount++;
    }

    /// <summary>End of the frame payload: the last message, or the last closed one when the open one is empty.</summary>
    internal int PayloadEnd()
    {
        if (!_packed)
            return _dataStart + _length;
        if (_length > 0 || _packedCount == 0)
        {
            BinaryPrimitives.WriteUInt16BigEndian(_array.AsSpan(_dataStart - RipcLimits.PackedLengthSize), (ushort)_length);
            return _dataStart + _length;
        }
        return _closedEnd;
    }

    /// <summary>Start of the frame payload (after the RIPC header).</summary>
    internal int PayloadStart => _frameStart + RipcLimits.HeaderLength;
}
