using System.Buffers.Binary;

namespace Eta.Codec;

/// <summary>
/// Reads RWF wire encodings from a received span without copying. A read that would run past the end returns
/// <see cref="CodecReturnCode.IncompleteData"/> and leaves the position where it was; nothing here throws on
/// bad input. Spans handed out are slices of the input.
/// </summary>
public ref struct RwfReader
{
    private readonly ReadOnlySpan<byte> _buffer;
    private int _position;

    /// <summary>Starts reading at the beginning of <paramref name="buffer"/>.</summary>
    public RwfReader(ReadOnlySpan<byte> buffer)
    {
        _buffer = buffer;
        _position = 0;
    }

    /// <summary>Bytes consumed so far.</summary>
    public readonly int Position => _position;

    /// <summary>Bytes not yet consumed.</summary>
    public readonly int Remaining => _buffer.Length - _position;

    /// <summary>True when every byte has been consumed.</summary>
    public readonly bool IsAtEnd => _position >= _buffer.Length;

    /// <summary>The bytes not yet consumed (does not consume them).</summary>
    public readonly ReadOnlySpan<byte> Rest => _buffer[_position..];

    /// <summary>The whole input.</summary>
    public readonly ReadOnlySpan<byte> Buffer => _buffer;

    /// <summary>Moves back (or forward) to an earlier <see cref="Position"/>.</summary>
    public void Seek(int position)
    {
        if ((uint)position > (uint)_buffer.Length)
            ThrowHelper.ThrowArgumentOutOfRange(nameof(position), "seek target is outside the input");
        _position = position;
    }

    /// <summary>Skips <paramref name="count"/> bytes.</summary>
    public CodecReturnCode Skip(int count)
    {
        if ((uint)count > (uint)Remaining)
            return CodecReturnCode.IncompleteData;
        _position += count;
        return CodecReturnCode.Success;
    }

    /// <summary>Returns the next byte without consuming it.</summary>
    public readonly CodecReturnCode PeekByte(out byte value)
    {
        if (_position >= _buffer.Length)
        {
            value = 0;
            return CodecReturnCode.IncompleteData;
        }
        value = _buffer[_position];
        return CodecReturnCode.Success;
    }

    public CodecReturnCode ReadByte(out byte value)
    {
        CodecReturnCode rc = PeekByte(out value);
        if (rc == CodecReturnCode.Success)
            _position++;
        return rc;
    }

    public CodecReturnCode ReadUInt16(out ushort value)
    {
        if (Remaining < 2)
        {
            value = 0;
            return CodecReturnCode.IncompleteData;
        }
        value = BinaryPrimitives.ReadUInt16BigEndian(_buffer[_position..]);
        _position += 2;
        return CodecReturnCode.Success;
    }

    public CodecReturnCode ReadInt16(out short value)
    {
        CodecReturnCode rc = ReadUInt16(out ushort raw);
        value = (short)raw;
        return rc;
    }

    public CodecReturnCode ReadUInt32(out uint value)
    {
        if (Remaining < 4)
        {
            value = 0;
            return CodecReturnCode.IncompleteData;
        }
        value = BinaryPrimitives.ReadUInt32BigEndian(_buffer[_position..]);
        _position += 4;
        return CodecReturnCode.Success;
    }

    public CodecReturnCode ReadInt32(out int value)
    {
        CodecReturnCode rc = ReadUInt32(out uint raw);
        value = (int)raw;
        return rc;
    }

    public CodecReturnCode ReadUInt64(out ulong value)
    {
        if (Remaining < 8)
        {
            value = 0;
            return CodecReturnCode.IncompleteData;
        }
        value = BinaryPrimitives.ReadUInt64BigEndian(_buffer[_position..]);
        _position += 8;
        return CodecReturnCode.Success;
    }

    public CodecReturnCode ReadInt64(out long value)
    {
        CodecReturnCode rc = ReadUInt64(out ulong raw);
        value = (long)raw;
        return rc;
    }

    /// <summary>Reads <paramref name="length"/> (1..8) bytes as a big-endian unsigned value.</summary>
    public CodecReturnCode ReadUIntBytes(int length, out ulong value)
    {
        value = 0;
        if ((uint)(length - 1) > 7)
            return CodecReturnCode.InvalidData;
        if (Remaining < length)
            return CodecReturnCode.IncompleteData;
        foreach (byte b in _buffer.Slice(_position, length))
            value = (value << 8) | b;
        _position += length;
        return CodecReturnCode.Success;
    }

    /// <summary>Reads a u15rb (see <see cref="LengthEncoding.U15rb"/>).</summary>
    public CodecReturnCode ReadU15rb(out int value)
    {
        value = 0;
        if (Remaining < 1)
            return CodecReturnCode.IncompleteData;
        byte first = _buffer[_position];
        if ((first & 0x80) == 0)
        {
            value = first;
            _position++;
            return CodecReturnCode.Success;
        }
        if (Remaining < 2)
            return CodecReturnCode.IncompleteData;
        value = BinaryPrimitives.ReadUInt16BigEndian(_buffer[_position..]) & 0x7FFF;
        _position += 2;
        return CodecReturnCode.Success;
    }

    /// <summary>Reads a u30rb (see <see cref="RwfWriter.WriteU30rb"/>).</summary>
    public CodecReturnCode ReadU30rb(out int value)
    {
        value = 0;
        if (Remaining < 1)
            return CodecReturnCode.IncompleteData;
        int size = (_buffer[_position] >> 6) + 1;
        if (Remaining < size)
            return CodecReturnCode.IncompleteData;
        int v = _buffer[_position] & 0x3F;
        for (int i = 1; i < size; i++)
            v = (v << 8) | _buffer[_position + i];
        value = v;
        _position += size;
        return CodecReturnCode.Success;
    }

    /// <summary>Reads a u16ob (see <see cref="LengthEncoding.U16ob"/>). Like ETA, a lone 0xFF reads as 255.</summary>
    public CodecReturnCode ReadU16ob(out int value)
    {
        value = 0;
        if (Remaining < 1)
            return CodecReturnCode.IncompleteData;
        byte first = _buffer[_position];
        if (first != 0xFE)
        {
            value = first;
            _position++;
            return CodecReturnCode.Success;
        }
        if (Remaining < 3)
            return CodecReturnCode.IncompleteData;
        value = BinaryPrimitives.ReadUInt16BigEndian(_buffer[(_position + 1)..]);
        _position += 3;
        return CodecReturnCode.Success;
    }

    /// <summary>Reads a u32ob (see <see cref="RwfWriter.WriteU32ob"/>).</summary>
    public CodecReturnCode ReadU32ob(out uint value)
    {
        value = 0;
        if (Remaining < 1)
            return CodecReturnCode.IncompleteData;
        byte first = _buffer[_position];
        if (first < 0xFE)
        {
            value = first;
            _position++;
            return CodecReturnCode.Success;
        }
        if (first == 0xFE)
        {
            if (Remaining < 3)
                return CodecReturnCode.IncompleteData;
            value = BinaryPrimitives.ReadUInt16BigEndian(_buffer[(_position + 1)..]);
            _position += 3;
            return CodecReturnCode.Success;
        }
        if (Remaining < 5)
            return CodecReturnCode.IncompleteData;
        value = BinaryPrimitives.ReadUInt32BigEndian(_buffer[(_position + 1)..]);
        _position += 5;
        return CodecReturnCode.Success;
    }

    /// <summary>Consumes <paramref name="count"/> bytes and returns them as a slice of the input.</summary>
    public CodecReturnCode ReadBytes(int count, out ReadOnlySpan<byte> bytes)
    {
        if ((uint)count > (uint)Remaining)
        {
            bytes = default;
            return count < 0 ? CodecReturnCode.InvalidData : CodecReturnCode.IncompleteData;
        }
        bytes = _buffer.Slice(_position, count);
        _position += count;
        return CodecReturnCode.Success;
    }

    /// <summary>Consumes and returns everything left.</summary>
    public ReadOnlySpan<byte> ReadToEnd()
    {
        ReadOnlySpan<byte> rest = _buffer[_position..];
        _position = _buffer.Length;
        return rest;
    }

    /// <summary>Reads a length-specified buffer with a u15rb length.</summary>
    public CodecReturnCode ReadBuffer15(out ReadOnlySpan<byte> bytes) =>
        ReadLengthSpecified(LengthEncoding.U15rb, out bytes);

    /// <summary>Reads a length-specified buffer with a u16ob length.</summary>
    public CodecReturnCode ReadBuffer16(out ReadOnlySpan<byte> bytes) =>
        ReadLengthSpecified(LengthEncoding.U16ob, out bytes);

    /// <summary>Reads a length-specified buffer with a fixed 2-byte length.</summary>
    public CodecReturnCode ReadBufferUInt16(out ReadOnlySpan<byte> bytes) =>
        ReadLengthSpecified(LengthEncoding.UInt16, out bytes);

    /// <summary>Reads a length-specified buffer with a u32ob length.</summary>
    public CodecReturnCode ReadBuffer32(out ReadOnlySpan<byte> bytes)
    {
        int start = _position;
        CodecReturnCode rc = ReadU32ob(out uint length);
        if (rc != CodecReturnCode.Success)
        {
            bytes = default;
            return rc;
        }
        if (length > (uint)Remaining)
        {
            _position = start;
            bytes = default;
            return CodecReturnCode.IncompleteData;
        }
        return ReadBytes((int)length, out bytes);
    }

    /// <summary>Reads a length in the given encoding.</summary>
    public CodecReturnCode ReadLength(LengthEncoding encoding, out int length)
    {
        switch (encoding)
        {
            case LengthEncoding.U15rb:
                return ReadU15rb(out length);
            case LengthEncoding.U16ob:
                return ReadU16ob(out length);
            default:
                CodecReturnCode rc = ReadUInt16(out ushort fixedLength);
                length = fixedLength;
                return rc;
        }
    }

    /// <summary>Reads a length prefix and that many bytes; on failure the position is unchanged.</summary>
    public CodecReturnCode ReadLengthSpecified(LengthEncoding encoding, out ReadOnlySpan<byte> bytes)
    {
        int start = _position;
        CodecReturnCode rc = ReadLength(encoding, out int length);
        if (rc == CodecReturnCode.Success && (rc = ReadBytes(length, out bytes)) == CodecReturnCode.Success)
            return rc;
        _position = start;
        bytes = default;
        return rc;
    }
}
