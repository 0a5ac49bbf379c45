using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Eta.Codec;

/// <summary>
/// Writes RWF wire encodings into a caller-owned span (typically a transport buffer), tracking the position.
/// Every write either succeeds completely or returns <see cref="CodecReturnCode.BufferTooSmall"/> and leaves
/// the buffer and position untouched, so the caller can roll back to a mark and retry with a larger buffer.
/// Integers are big-endian (network order).
/// </summary>
public ref struct RwfWriter
{
    /// <summary>Largest value a u15rb can hold.</summary>
    public const int MaxU15rb = 0x7FFF;

    /// <summary>Largest value a u16ob can hold.</summary>
    public const int MaxU16ob = 0xFFFF;

    /// <summary>Largest value a u30rb can hold.</summary>
    public const int MaxU30rb = 0x3FFFFFFF;

    private const byte U16obMarker = 0xFE;
    private const byte U32obMarker = 0xFF;

    private readonly Span<byte> _buffer;
    private int _position;

    /// <summary>Starts writing at the beginning of <paramref name="buffer"/>.</summary>
    public RwfWriter(Span<byte> buffer)
    {
        _buffer = buffer;
        _position = 0;
    }

    /// <summary>Number of bytes written so far (the next write goes here).</summary>
    public readonly int Position => _position;

    /// <summary>Size of the caller's buffer.</summary>
    public readonly int Capacity => _buffer.Length;

    /// <summary>Bytes still free.</summary>
    public readonly int Remaining => _buffer.Length - _position;

    /// <summary>The bytes written so far.</summary>
    public readonly ReadOnlySpan<byte> Written => _buffer[.._position];

    /// <summary>The whole underlying buffer, for callers that patch earlier bytes themselves.</summary>
    public readonly Span<byte> Buffer => _buffer;

    /// <summary>Remembers the current position so a failed step can be undone with <see cref="Rollback"/>.</summary>
    public readonly int Mark() => _position;

    /// <summary>Forgets everything written after <paramref name="mark"/>.</summary>
    public void Rollback(int mark)
    {
        if ((uint)mark > (uint)_position)
            ThrowHelper.ThrowArgumentOutOfRange(nameof(mark), "a rollback mark must not be past the current position");
        _position = mark;
    }

    /// <summary>Advances over <paramref name="count"/> bytes without writing them; returns their offset.</summary>
    public CodecReturnCode Reserve(int count, out int offset)
    {
        offset = _position;
        if ((uint)count > (uint)Remaining)
            return CodecReturnCode.BufferTooSmall;
        _position += count;
        return CodecReturnCode.Success;
    }

    /// <summary>Reserves <paramref name="count"/> bytes and hands them out for the caller to fill in place.</summary>
    public CodecReturnCode Reserve(int count, out Span<byte> space)
    {
        if ((uint)count > (uint)Remaining)
        {
            space = default;
            return CodecReturnCode.BufferTooSmall;
        }
        space = _buffer.Slice(_position, count);
        _position += count;
        return CodecReturnCode.Success;
    }

    /// <summary>
    /// The next <paramref name="size"/> bytes, to fill in place and then commit (any part of them) with
    /// <see cref="Advance"/>: one bounds check for a whole entry. The caller checks <see cref="Remaining"/> first.
    /// </summary>
    internal readonly Span<byte> Window(int size) => _buffer.Slice(_position, size);

    /// <summary>Commits <paramref name="count"/> bytes filled through <see cref="Window"/>.</summary>
    internal void Advance(int count) => _position += count;

    public CodecReturnCode WriteByte(byte value)
    {
        if (_position >= _buffer.Length)
            return CodecReturnCode.BufferTooSmall;
        _buffer[_position++] = value;
        return CodecReturnCode.Success;
    }

    public CodecReturnCode WriteUInt16(ushort value)
    {
        if (Remaining < 2)
            return CodecReturnCode.BufferTooSmall;
        BinaryPrimitives.WriteUInt16BigEndian(_buffer[_position..], value);
        _position += 2;
        return CodecReturnCode.Success;
    }

    public CodecReturnCode WriteInt16(short value) => WriteUInt16((ushort)value);

    public CodecReturnCode WriteUInt32(uint value)
    {
        if (Remaining < 4)
            return CodecReturnCode.BufferTooSmall;
        BinaryPrimitives.WriteUInt32BigEndian(_buffer[_position..], value);
        _position += 4;
        return CodecReturnCode.Success;
    }

    public CodecReturnCode WriteInt32(int value) => WriteUInt32((uint)value);

    public CodecReturnCode WriteUInt64(ulong value)
    {
        if (Remaining < 8)
            return CodecReturnCode.BufferTooSmall;
        BinaryPrimitives.WriteUInt64BigEndian(_buffer[_position..], value);
        _position += 8;
        return CodecReturnCode.Success;
    }

    public CodecReturnCode WriteInt64(long value) => WriteUInt64((ulong)value);

    /// <summary>
    /// Writes the low <paramref name="length"/> bytes (1..8) of <paramref name="value"/>, big-endian. When 8 bytes
    /// are free it stores all 8 at once, so bytes after the written ones (free space) may change.
    /// </summary>
    public CodecReturnCode WriteUIntBytes(ulong value, int length)
    {
        if ((uint)(length - 1) > 7)
            return CodecReturnCode.InvalidArgument;
        if (Remaining < length)
            return CodecReturnCode.BufferTooSmall;
        if (Remaining >= 8)
        {
            // Write all 8 bytes with the wanted ones first; only `length` of them count as written.
            BinaryPrimitives.WriteUInt64BigEndian(_buffer[_position..], value << (8 * (8 - length)));
            _position += length;
            return CodecReturnCode.Success;
        }
        Span<byte> target = _buffer.Slice(_position, length);
        for (int i = length - 1; i >= 0; i--)
        {
            target[i] = (byte)value;
            value >>= 8;
        }
        _position += length;
        return CodecReturnCode.Success;
    }

    public CodecReturnCode WriteBytes(scoped ReadOnlySpan<byte> bytes)
    {
        if (bytes.Length > Remaining)
            return CodecReturnCode.BufferTooSmall;
        bytes.CopyTo(_buffer[_position..]);
        _position += bytes.Length;
        return CodecReturnCode.Success;
    }

    /// <summary>Writes a u15rb (see <see cref="LengthEncoding.U15rb"/>); values above 0x7FFF are InvalidArgument.</summary>
    public CodecReturnCode WriteU15rb(int value)
    {
        if ((uint)value > MaxU15rb)
            return CodecReturnCode.InvalidArgument;
        if (value < 0x80)
            return WriteByte((byte)value);
        return WriteUInt16((ushort)(value | 0x8000));
    }

    /// <summary>
    /// Writes a u30rb: the top 2 bits of the first byte say how many bytes follow it.
    /// <code>
    /// 00vvvvvv                                  value 0..0x3F
    /// 01vvvvvv vvvvvvvv                         value 0..0x3FFF
    /// 10vvvvvv vvvvvvvv vvvvvvvv                value 0..0x3FFFFF
    /// 11vvvvvv vvvvvvvv vvvvvvvv vvvvvvvv       value 0..0x3FFFFFFF
    /// </code>
    /// </summary>
    public CodecReturnCode WriteU30rb(int value)
    {
        if ((uint)value > MaxU30rb)
            return CodecReturnCode.InvalidArgument;
        uint v = (uint)value;
        if (v < 0x40)
            return WriteByte((byte)v);
        if (v < 0x4000)
            return WriteUInt16((ushort)(v | 0x4000));
        if (v < 0x400000)
        {
            if (Remaining < 3)
                return CodecReturnCode.BufferTooSmall;
            _buffer[_position] = (byte)((v >> 16) | 0x80);
            BinaryPrimitives.WriteUInt16BigEndian(_buffer[(_position + 1)..], (ushort)v);
            _position += 3;
            return CodecReturnCode.Success;
        }
        return WriteUInt32(v | 0xC0000000);
    }

    /// <summary>Writes a u16ob (see <see cref="LengthEncoding.U16ob"/>).</summary>
    public CodecReturnCode WriteU16ob(int value)
    {
        if ((uint)value > MaxU16ob)
            return CodecReturnCode.InvalidArgument;
        if (value < U16obMarker)
            return WriteByte((byte)value);
        if (Remaining < 3)
            return CodecReturnCode.BufferTooSmall;
        WriteU16obFixed3(_position, value);
        _position += 3;
        return CodecReturnCode.Success;
    }

    /// <summary>
    /// Writes a u32ob: 1 byte below 0xFE, 0xFE + 2 bytes up to 0xFFFF, else 0xFF + 4 bytes.
    /// </summary>
    public CodecReturnCode WriteU32ob(uint value)
    {
        if (value <= MaxU16ob)
            return WriteU16ob((int)value);
        if (Remaining < 5)
            return CodecReturnCode.BufferTooSmall;
        _buffer[_position] = U32obMarker;
        BinaryPrimitives.WriteUInt32BigEndian(_buffer[(_position + 1)..], value);
        _position += 5;
        return CodecReturnCode.Success;
    }

    /// <summary>Writes a length-specified buffer with a u15rb length.</summary>
    public CodecReturnCode WriteBuffer15(scoped ReadOnlySpan<byte> bytes) =>
        WriteLengthSpecified(bytes, LengthEncoding.U15rb);

    /// <summary>Writes a length-specified buffer with a u16ob length.</summary>
    public CodecReturnCode WriteBuffer16(scoped ReadOnlySpan<byte> bytes) =>
        WriteLengthSpecified(bytes, LengthEncoding.U16ob);

    /// <summary>Writes a length-specified buffer with a fixed 2-byte length.</summary>
    public CodecReturnCode WriteBufferUInt16(scoped ReadOnlySpan<byte> bytes) =>
        WriteLengthSpecified(bytes, LengthEncoding.UInt16);

    /// <summary>Writes a length-specified buffer with a u32ob length.</summary>
    public CodecReturnCode WriteBuffer32(scoped ReadOnlySpan<byte> bytes)
    {
        int mark = _position;
        CodecReturnCode rc = WriteU32ob((uint)bytes.Length);
        if (rc == CodecReturnCode.Success && (rc = WriteBytes(bytes)) != CodecReturnCode.Success)
            _position = mark;
        return rc;
    }

    /// <summary>Writes <paramref name="bytes"/> preceded by its length in the given encoding.</summary>
    public CodecReturnCode WriteLengthSpecified(scoped ReadOnlySpan<byte> bytes, LengthEncoding encoding)
    {
        int mark = _position;
        CodecReturnCode rc = WriteLength(bytes.Length, encoding);
        if (rc == CodecReturnCode.Success && (rc = WriteBytes(bytes)) != CodecReturnCode.Success)
            _position = mark;
        return rc;
    }

    /// <summary>Writes a length value in the given encoding (shortest form).</summary>
    public CodecReturnCode WriteLength(int length, LengthEncoding encoding) => encoding switch
    {
        LengthEncoding.U15rb => WriteU15rb(length),
        LengthEncoding.U16ob => WriteU16ob(length),
        _ => (uint)length > ushort.MaxValue ? CodecReturnCode.InvalidArgument : WriteUInt16((ushort)length),
    };

    /// <summary>
    /// Reserves room for a length prefix to be back-filled by <see cref="CompleteLength"/> once the content is
    /// written. <paramref name="maxSizeHint"/> is the caller's promise of the largest content size (0 = unknown):
    /// a small hint reserves the 1-byte form, otherwise the long form (u15rb: 2 bytes, u16ob: 3 bytes) is reserved,
    /// which is what ETA writes and what the golden vectors expect.
    /// </summary>
    public CodecReturnCode ReserveLength(LengthEncoding encoding, int maxSizeHint, out LengthSlot slot)
    {
        int width = encoding switch
        {
            LengthEncoding.U15rb => maxSizeHint is > 0 and < 0x80 ? 1 : 2,
            LengthEncoding.U16ob => maxSizeHint is > 0 and < U16obMarker ? 1 : 3,
            _ => 2,
        };
        slot = new LengthSlot(_position, width, encoding);
        if (Remaining < width)
            return CodecReturnCode.BufferTooSmall;
        _position += width;
        return CodecReturnCode.Success;
    }

    /// <summary>
    /// Back-fills a reserved length with the number of bytes written since the slot. If the content outgrew a
    /// 1-byte reservation, the content is moved up to make room for the long form (BufferTooSmall if it does
    /// not fit). Content longer than the encoding can express is InvalidData.
    /// </summary>
    public CodecReturnCode CompleteLength(in LengthSlot slot)
    {
        if (slot.Offset < 0 || slot.ContentStart > _position)
            ThrowHelper.ThrowArgumentOutOfRange(nameof(slot), "the length slot is past the current position");
        int length = _position - slot.ContentStart;
        switch (slot.Encoding)
        {
            case LengthEncoding.U15rb:
                if (length > MaxU15rb)
                    return CodecReturnCode.InvalidData;
                if (slot.Width == 1 && length >= 0x80 && Widen(slot, 2) != CodecReturnCode.Success)
                    return CodecReturnCode.BufferTooSmall;
                if (slot.Width == 1 && length < 0x80)
                    _buffer[slot.Offset] = (byte)length;
                else
                    BinaryPrimitives.WriteUInt16BigEndian(_buffer[slot.Offset..], (ushort)(length | 0x8000));
                return CodecReturnCode.Success;
            case LengthEncoding.U16ob:
                if (length > MaxU16ob)
                    return CodecReturnCode.InvalidData;
                if (slot.Width == 1 && length >= U16obMarker && Widen(slot, 3) != CodecReturnCode.Success)
                    return CodecReturnCode.BufferTooSmall;
                if (slot.Width == 1 && length < U16obMarker)
                    _buffer[slot.Offset] = (byte)length;
                else
                    WriteU16obFixed3(slot.Offset, length);
                return CodecReturnCode.Success;
            default:
                if (length > ushort.MaxValue)
                    return CodecReturnCode.InvalidData;
                BinaryPrimitives.WriteUInt16BigEndian(_buffer[slot.Offset..], (ushort)length);
                return CodecReturnCode.Success;
        }
    }

    /// <summary>Overwrites one earlier byte (flags known only later, for instance).</summary>
    public readonly void PatchByte(int offset, byte value) => _buffer[CheckPatch(offset, 1)] = value;

    /// <summary>Overwrites two earlier bytes, big-endian.</summary>
    public readonly void PatchUInt16(int offset, ushort value) =>
        BinaryPrimitives.WriteUInt16BigEndian(_buffer[CheckPatch(offset, 2)..], value);

    /// <summary>Overwrites four earlier bytes, big-endian.</summary>
    public readonly void PatchUInt32(int offset, uint value) =>
        BinaryPrimitives.WriteUInt32BigEndian(_buffer[CheckPatch(offset, 4)..], value);

    // Moves the content after a 1-byte slot up so the slot becomes newWidth bytes wide.
    private CodecReturnCode Widen(in LengthSlot slot, int newWidth)
    {
        int grow = newWidth - slot.Width;
        if (Remaining < grow)
            return CodecReturnCode.BufferTooSmall;
        Span<byte> content = _buffer[slot.ContentStart.._position];
        content.CopyTo(_buffer[(slot.ContentStart + grow)..]);
        _position += grow;
        return CodecReturnCode.Success;
    }

    private readonly void WriteU16obFixed3(int offset, int value)
    {
        _buffer[offset] = U16obMarker;
        BinaryPrimitives.WriteUInt16BigEndian(_buffer[(offset + 1)..], (ushort)value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly int CheckPatch(int offset, int size)
    {
        if (offset < 0 || offset + size > _position)
            ThrowHelper.ThrowArgumentOutOfRange(nameof(offset), "patches may only overwrite bytes already written");
        return offset;
    }
}
