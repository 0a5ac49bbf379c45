namespace Eta.Codec;

/// <summary>
/// Reads a message header field by field over the core <see cref="RwfReader"/>, limited to the header's own
/// bytes. The first read that runs past the header is remembered as IncompleteData and every later read yields
/// zero, so a class's header layout reads as a plain list of fields checked once at the end. Spans handed out
/// are slices of the received buffer.
/// </summary>
internal ref struct HeaderReader
{
    private RwfReader _reader;

    public CodecReturnCode Result;

    public HeaderReader(ReadOnlySpan<byte> header)
    {
        _reader = new RwfReader(header);
        Result = CodecReturnCode.Success;
    }

    public readonly bool Ok => Result == CodecReturnCode.Success;

    /// <summary>Header bytes not yet read (trailing members are only present when room is left for them).</summary>
    public readonly int Remaining => Ok ? _reader.Remaining : 0;

    /// <summary>Header bytes read so far.</summary>
    public readonly int Consumed => _reader.Position;

    public void Fail(CodecReturnCode code)
    {
        if (Ok)
            Result = code;
    }

    public byte Byte()
    {
        byte value = 0;
        if (Ok)
            Result = _reader.ReadByte(out value);
        return value;
    }

    public ushort UInt16()
    {
        ushort value = 0;
        if (Ok)
            Result = _reader.ReadUInt16(out value);
        return value;
    }

    public uint UInt32()
    {
        uint value = 0;
        if (Ok)
            Result = _reader.ReadUInt32(out value);
        return value;
    }

    public int U15rb()
    {
        int value = 0;
        if (Ok)
            Result = _reader.ReadU15rb(out value);
        return value;
    }

    public int U16ob()
    {
        int value = 0;
        if (Ok)
            Result = _reader.ReadU16ob(out value);
        return value;
    }

    public ReadOnlySpan<byte> Bytes(int count)
    {
        ReadOnlySpan<byte> bytes = default;
        if (Ok)
            Result = _reader.ReadBytes(count, out bytes);
        return bytes;
    }

    public ReadOnlySpan<byte> Buffer8() => Bytes(Byte());

    public ReadOnlySpan<byte> Buffer15() => Bytes(U15rb());

    public ReadOnlySpan<byte> Buffer16() => Bytes(U16ob());

    public int ContainerType() => DataTypes.FromWireContainerType(Byte());
}
