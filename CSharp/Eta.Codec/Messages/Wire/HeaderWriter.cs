namespace Eta.Codec;

/// <summary>
/// Writes a message header field by field over the core <see cref="RwfWriter"/>, remembering the first failure:
/// once a write fails every later write is skipped, so a class's header layout reads as a plain list of fields
/// and is checked once at the end. Held by value; the caller copies <see cref="Inner"/> back when done.
/// </summary>
internal ref struct HeaderWriter
{
    public RwfWriter Inner;
    public CodecReturnCode Result;

    public HeaderWriter(RwfWriter inner)
    {
        Inner = inner;
        Result = CodecReturnCode.Success;
    }

    public readonly bool Ok => Result == CodecReturnCode.Success;

    public void Fail(CodecReturnCode code)
    {
        if (Ok)
            Result = code;
    }

    public void Byte(byte value)
    {
        if (Ok)
            Result = Inner.WriteByte(value);
    }

    public void UInt16(ushort value)
    {
        if (Ok)
            Result = Inner.WriteUInt16(value);
    }

    public void UInt32(uint value)
    {
        if (Ok)
            Result = Inner.WriteUInt32(value);
    }

    public void U15rb(int value)
    {
        if (Ok)
            Result = Inner.WriteU15rb(value);
    }

    public void U16ob(int value)
    {
        if (Ok)
            Result = Inner.WriteU16ob(value);
    }

    /// <summary>A buffer with a 1-byte length (names, group ids, extended headers): at most 255 bytes.</summary>
    public void Buffer8(scoped ReadOnlySpan<byte> bytes)
    {
        if (bytes.Length > byte.MaxValue)
            Fail(CodecReturnCode.InvalidData);
        Byte((byte)bytes.Length);
        Bytes(bytes);
    }

    public void Buffer15(scoped ReadOnlySpan<byte> bytes)
    {
        if (Ok)
            Result = Inner.WriteBuffer15(bytes);
    }

    public void Buffer16(scoped ReadOnlySpan<byte> bytes)
    {
        if (Ok)
            Result = Inner.WriteBuffer16(bytes);
    }

    public void Bytes(scoped ReadOnlySpan<byte> bytes)
    {
        if (Ok)
            Result = Inner.WriteBytes(bytes);
    }

    public void ContainerType(int containerType)
    {
        if (!DataTypes.IsContainer(containerType))
            Fail(CodecReturnCode.InvalidArgument);
        Byte(DataTypes.ToWireContainerType(containerType));
    }

    /// <summary>Reserves a length prefix to back-fill later (see <see cref="RwfWriter.ReserveLength"/>).</summary>
    public LengthSlot Reserve(LengthEncoding encoding)
    {
        LengthSlot slot = default;
        if (Ok)
            Result = Inner.ReserveLength(encoding, 0, out slot);
        return slot;
    }

    public void Complete(in LengthSlot slot)
    {
        if (Ok)
            Result = Inner.CompleteLength(slot);
    }
}
