namespace Eta.Codec;

/// <summary>
/// Sizes of values inside set-defined data and arrays, where most types have a fixed width (Int2 is 2 bytes,
/// Time5 is 5, ...), Real4Rb/Real8Rb take their width from the first byte, and the remaining base types carry a
/// length prefix.
/// </summary>
public static class SetPrimitives
{
    /// <summary>Fixed byte width of a set-defined type, or 0 when the type is not fixed-width.</summary>
    public static int FixedLength(int dataType) => dataType switch
    {
        DataTypes.Int1 or DataTypes.UInt1 => 1,
        DataTypes.Int2 or DataTypes.UInt2 => 2,
        DataTypes.Time3 => 3,
        DataTypes.Int4 or DataTypes.UInt4 or DataTypes.Float4 or DataTypes.Date4 => 4,
        DataTypes.Time5 => 5,
        DataTypes.DateTime7 or DataTypes.Time7 => 7,
        DataTypes.Int8 or DataTypes.UInt8 or DataTypes.Double8 or DataTypes.Time8 => 8,
        DataTypes.DateTime9 => 9,
        DataTypes.DateTime11 => 11,
        DataTypes.DateTime12 => 12,
        _ => 0,
    };

    /// <summary>The base type a set-defined type decodes as (Int2 -> Int, Real4Rb -> Real, ...).</summary>
    public static int ToBaseType(int dataType) => dataType switch
    {
        DataTypes.Int1 or DataTypes.Int2 or DataTypes.Int4 or DataTypes.Int8 => DataTypes.Int,
        DataTypes.UInt1 or DataTypes.UInt2 or DataTypes.UInt4 or DataTypes.UInt8 => DataTypes.UInt,
        DataTypes.Float4 => DataTypes.Float,
        DataTypes.Double8 => DataTypes.Double,
        DataTypes.Real4Rb or DataTypes.Real8Rb => DataTypes.Real,
        DataTypes.Date4 => DataTypes.Date,
        DataTypes.Time3 or DataTypes.Time5 or DataTypes.Time7 or DataTypes.Time8 => DataTypes.Time,
        DataTypes.DateTime7 or DataTypes.DateTime9 or DataTypes.DateTime11 or DataTypes.DateTime12 => DataTypes.DateTime,
        _ => dataType,
    };

    /// <summary>
    /// Reads the next value of <paramref name="dataType"/> as set-defined data stores it, returning the value
    /// bytes (for Real4Rb/Real8Rb including their leading format byte).
    /// </summary>
    public static CodecReturnCode ReadValue(scoped ref RwfReader reader, int dataType, out ReadOnlySpan<byte> value)
    {
        value = default;
        int fixedLength = FixedLength(dataType);
        if (fixedLength > 0)
            return reader.ReadBytes(fixedLength, out value);
        switch (dataType)
        {
            case DataTypes.Real4Rb or DataTypes.Real8Rb:
                CodecReturnCode rc = reader.PeekByte(out byte format);
                return rc != CodecReturnCode.Success ? rc : reader.ReadBytes(RealRbLength(dataType, format), out value);
            case DataTypes.Int or DataTypes.UInt or DataTypes.Float or DataTypes.Double or DataTypes.Real
                or DataTypes.Date or DataTypes.Time or DataTypes.DateTime or DataTypes.Qos:
                rc = reader.ReadByte(out byte length);
                return rc != CodecReturnCode.Success ? rc : reader.ReadBytes(length, out value);
            case DataTypes.Enum or DataTypes.Array or DataTypes.State or DataTypes.Buffer or DataTypes.AsciiString
                or DataTypes.Utf8String or DataTypes.RmtesString:
                return reader.ReadBuffer16(out value);
            default:
                return DataTypes.IsContainer(dataType) && dataType != DataTypes.NoData
                    ? reader.ReadBuffer16(out value)
                    : CodecReturnCode.UnsupportedDataType;
        }
    }

    // Real4Rb: format byte + 1..4 value bytes; Real8Rb: format byte + 2, 4, 6 or 8 value bytes.
    private static int RealRbLength(int dataType, byte format)
    {
        int units = (format >> 6) + 1;
        return 1 + (dataType == DataTypes.Real4Rb ? units : units * 2);
    }

    /// <summary>Decodes a Real4Rb / Real8Rb value (format byte: length bits, blank bit 0x20, hint).</summary>
    public static CodecReturnCode DecodeRealRb(ReadOnlySpan<byte> data, out Real value)
    {
        value = Real.Blank;
        if (data.IsEmpty)
            return CodecReturnCode.IncompleteData;
        if ((data[0] & Real.BlankHintMarker) != 0)
            return CodecReturnCode.BlankData;
        int hint = data[0] & 0x1F;
        if (!RealHints.IsScaling(hint) || IntegerBytes.ReadSigned(data[1..], out long v) != CodecReturnCode.Success)
            return CodecReturnCode.InvalidData;
        value = new Real(v, hint);
        return CodecReturnCode.Success;
    }
}
