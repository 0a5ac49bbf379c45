namespace Eta.Codec;

/// <summary>
/// Writes values as set-defined data stores them (see <see cref="SetPrimitives"/>): fixed widths for Int2,
/// Time5, ..., the Real4Rb/Real8Rb forms, a 1-byte length for most base types and a u16ob length for the rest.
/// Build a field or element list's set data with it, then pass the bytes to FieldListInit/ElementListInit.
/// </summary>
public static class SetValueWriter
{
    private const int MaxBody = 64;

    /// <summary>
    /// Writes <paramref name="value"/> as set type <paramref name="setType"/>, whose base type must be the value's
    /// (InvalidArgument otherwise). A value too wide for a fixed type is ValueOutOfRange.
    /// </summary>
    public static CodecReturnCode Write<T>(ref RwfWriter writer, int setType, in T value) where T : struct, IPrimitive<T>
    {
        if (SetPrimitives.ToBaseType(setType) != T.DataType)
            return CodecReturnCode.InvalidArgument;
        Span<byte> scratch = stackalloc byte[MaxBody];
        var body = new RwfWriter(scratch);
        CodecReturnCode rc = value.EncodeBody(ref body);
        if (rc != CodecReturnCode.Success)
            return rc == CodecReturnCode.BufferTooSmall ? CodecReturnCode.ValueOutOfRange : rc;
        int mark = writer.Mark();
        rc = WriteBody(ref writer, setType, T.DataType, body.Written);
        if (rc != CodecReturnCode.Success)
            writer.Rollback(mark);
        return rc;
    }

    /// <summary>Writes a string/buffer value for a Buffer, AsciiString, Utf8String or RmtesString set entry.</summary>
    public static CodecReturnCode WriteBuffer(ref RwfWriter writer, int setType, ReadOnlySpan<byte> value) =>
        RwfBuffer.IsBufferType(setType) ? writer.WriteBuffer16(value) : CodecReturnCode.InvalidArgument;

    private static CodecReturnCode WriteBody(ref RwfWriter writer, int setType, int baseType, scoped ReadOnlySpan<byte> body)
    {
        int fixedLength = SetPrimitives.FixedLength(setType);
        if (fixedLength > 0)
            return ArrayItemFormat.WriteFixed(ref writer, baseType, body, fixedLength);
        switch (setType)
        {
            case DataTypes.Real4Rb:
            case DataTypes.Real8Rb:
                return WriteRealRb(ref writer, setType, body);
            case DataTypes.Int or DataTypes.UInt or DataTypes.Float or DataTypes.Double or DataTypes.Real
                or DataTypes.Date or DataTypes.Time or DataTypes.DateTime or DataTypes.Qos:
                CodecReturnCode rc = writer.WriteByte((byte)body.Length);
                return rc == CodecReturnCode.Success ? writer.WriteBytes(body) : rc;
            default:
                return writer.WriteBuffer16(body);
        }
    }

    // Format byte: (units - 1) << 6 | hint, blank = 0x20; then units (Real4Rb) or 2 * units (Real8Rb) value bytes.
    private static CodecReturnCode WriteRealRb(ref RwfWriter writer, int setType, scoped ReadOnlySpan<byte> body)
    {
        int unitSize = setType == DataTypes.Real4Rb ? 1 : 2;
        if (body.IsEmpty)
        {
            CodecReturnCode blank = writer.WriteByte(Real.BlankHintMarker);
            return blank == CodecReturnCode.Success ? writer.WriteUIntBytes(0, unitSize) : blank;
        }
        int hint = body[0];
        if (!RealHints.IsScaling(hint))
            return CodecReturnCode.InvalidData;
        ReadOnlySpan<byte> digits = body[1..];
        int units = (digits.Length + unitSize - 1) / unitSize;
        if (units > 4)
            return CodecReturnCode.ValueOutOfRange;
        CodecReturnCode rc = writer.WriteByte((byte)(((units - 1) << 6) | hint));
        return rc == CodecReturnCode.Success ? ArrayItemFormat.WriteFixed(ref writer, DataTypes.Int, digits, units * unitSize) : rc;
    }
}
