namespace Eta.Codec;

/// <summary>
/// Sizes of values inside set-defined data and arrays, where most types have a fixed width (INT_2 is 2 bytes,
/// TIME_5 is 5, ...), REAL_4RB/REAL_8RB take their width from the first byte, and the remaining base types carry a
/// length prefix.
/// </summary>
public static class SetPrimitives
{
    /// <summary>Fixed byte width of a set-defined type, or 0 when the type is not fixed-width.</summary>
    public static int FixedLength(int dataType) => dataType switch
    {
        DataTypes.INT_1 or DataTypes.UINT_1 => 1,
        DataTypes.INT_2 or DataTypes.UINT_2 => 2,
        DataTypes.TIME_3 => 3,
        DataTypes.INT_4 or DataTypes.UINT_4 or DataTypes.FLOAT_4 or DataTypes.DATE_4 => 4,
        DataTypes.TIME_5 => 5,
        DataTypes.DATETIME_7 or DataTypes.TIME_7 => 7,
        DataTypes.INT_8 or DataTypes.UINT_8 or DataTypes.DOUBLE_8 or DataTypes.TIME_8 => 8,
        DataTypes.DATETIME_9 => 9,
        DataTypes.DATETIME_11 => 11,
        DataTypes.DATETIME_12 => 12,
        _ => 0,
    };

    /// <summary>The base type a set-defined type decodes as (INT_2 -> INT, REAL_4RB -> REAL, ...).</summary>
    public static int ToBaseType(int dataType) => dataType switch
    {
        DataTypes.INT_1 or DataTypes.INT_2 or DataTypes.INT_4 or DataTypes.INT_8 => DataTypes.INT,
        DataTypes.UINT_1 or DataTypes.UINT_2 or DataTypes.UINT_4 or DataTypes.UINT_8 => DataTypes.UINT,
        DataTypes.FLOAT_4 => DataTypes.FLOAT,
        DataTypes.DOUBLE_8 => DataTypes.DOUBLE,
        DataTypes.REAL_4RB or DataTypes.REAL_8RB => DataTypes.REAL,
        DataTypes.DATE_4 => DataTypes.DATE,
        DataTypes.TIME_3 or DataTypes.TIME_5 or DataTypes.TIME_7 or DataTypes.TIME_8 => DataTypes.TIME,
        DataTypes.DATETIME_7 or DataTypes.DATETIME_9 or DataTypes.DATETIME_11 or DataTypes.DATETIME_12 => DataTypes.DATETIME,
        _ => dataType,
    };

    /// <summary>
    /// Reads the next value of <paramref name="dataType"/> as set-defined data stores it, returning the value
    /// bytes (for REAL_4RB/REAL_8RB including their leading format byte).
    /// </summary>
    public static CodecReturnCode ReadValue(scoped ref RwfReader reader, int dataType, out ReadOnlySpan<byte> value)
    {
        value = default;
        int fixedLength = FixedLength(dataType);
        if (fixedLength > 0)
            return reader.ReadBytes(fixedLength, out value);
        switch (dataType)
        {
            case DataTypes.REAL_4RB or DataTypes.REAL_8RB:
                CodecReturnCode rc = reader.PeekByte(out byte format);
                return rc != CodecReturnCode.SUCCESS ? rc : reader.ReadBytes(RealRbLength(dataType, format), out value);
            case DataTypes.INT or DataTypes.UINT or DataTypes.FLOAT or DataTypes.DOUBLE or DataTypes.REAL
                or DataTypes.DATE or DataTypes.TIME or DataTypes.DATETIME or DataTypes.QOS:
                rc = reader.ReadByte(out byte length);
                return rc != CodecReturnCode.SUCCESS ? rc : reader.ReadBytes(length, out value);
            case DataTypes.ENUM or DataTypes.ARRAY or DataTypes.STATE or DataTypes.BUFFER or DataTypes.ASCII_STRING
                or DataTypes.UTF8_STRING or DataTypes.RMTES_STRING:
                return reader.ReadBuffer16(out value);
            default:
                return DataTypes.IsContainer(dataType) && dataType != DataTypes.NO_DATA
                    ? reader.ReadBuffer16(out value)
                    : CodecReturnCode.UNSUPPORTED_DATA_TYPE;
        }
    }

    // REAL_4RB: format byte + 1..4 value bytes; REAL_8RB: format byte + 2, 4, 6 or 8 value bytes.
    private static int RealRbLength(int dataType, byte format)
    {
        int units = (format >> 6) + 1;
        return 1 + (dataType == DataTypes.REAL_4RB ? units : units * 2);
    }

    /// <summary>Decodes a REAL_4RB / REAL_8RB value (format byte: length bits, blank bit 0x20, hint).</summary>
    public static CodecReturnCode DecodeRealRb(ReadOnlySpan<byte> data, out Real value)
    {
        value = Real.Blank;
        if (data.IsEmpty)
            return CodecReturnCode.INCOMPLETE_DATA;
        if ((data[0] & Real.BlankHintMarker) != 0)
            return CodecReturnCode.BLANK_DATA;
        int hint = data[0] & 0x1F;
        if (!RealHints.IsScaling(hint) || IntegerBytes.ReadSigned(data[1..], out long v) != CodecReturnCode.SUCCESS)
            return CodecReturnCode.INVALID_DATA;
        value = new Real(v, hint);
        return CodecReturnCode.SUCCESS;
    }
}
