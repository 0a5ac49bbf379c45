namespace Eta.Codec;

/// <summary>Fits a primitive's value bytes into an array's fixed item length.</summary>
internal static class ArrayItemFormat
{
    /// <summary>Largest value body that can be fitted to a fixed length (a DATETIME is 12 bytes).</summary>
    public const int MaxFixedItemBody = 64;

    public static CodecReturnCode WriteFixed(ref RwfWriter writer, int type, scoped ReadOnlySpan<byte> body, int itemLength)
    {
        switch (type)
        {
            case DataTypes.INT:
            case DataTypes.UINT:
            case DataTypes.ENUM:
                if (body.Length > itemLength || itemLength > 8)
                    return CodecReturnCode.VALUE_OUT_OF_RANGE;
                // Widen a trimmed integer: sign-extend INT, zero-extend the unsigned types.
                byte fill = type == DataTypes.INT && !body.IsEmpty && (body[0] & 0x80) != 0 ? (byte)0xFF : (byte)0;
                return WritePadded(ref writer, body, itemLength, fill, padLeft: true);
            case DataTypes.BUFFER:
            case DataTypes.ASCII_STRING:
            case DataTypes.UTF8_STRING:
            case DataTypes.RMTES_STRING:
                return body.Length > itemLength
                    ? CodecReturnCode.INVALID_ARGUMENT
                    : WritePadded(ref writer, body, itemLength, 0, padLeft: false);
            case DataTypes.DATE:
            case DataTypes.FLOAT:
            case DataTypes.DOUBLE:
                if (body.IsEmpty)
                    return WritePadded(ref writer, body, itemLength, 0, padLeft: false);
                return body.Length == itemLength ? writer.WriteBytes(body) : CodecReturnCode.INVALID_ARGUMENT;
            case DataTypes.TIME:
                return Time.Decode(body, out Time time) < 0 ? CodecReturnCode.INVALID_ARGUMENT : time.EncodeFixed(ref writer, itemLength);
            case DataTypes.DATETIME:
                return RwfDateTime.Decode(body, out RwfDateTime dateTime) < 0
                    ? CodecReturnCode.INVALID_ARGUMENT
                    : dateTime.EncodeFixed(ref writer, itemLength);
            default:
                return CodecReturnCode.ENCODING_UNAVAILABLE;
        }
    }

    private static CodecReturnCode WritePadded(ref RwfWriter writer, scoped ReadOnlySpan<byte> body, int itemLength, byte fill, bool padLeft)
    {
        if (writer.Reserve(itemLength, out Span<byte> item) != CodecReturnCode.SUCCESS)
            return CodecReturnCode.BUFFER_TOO_SMALL;
        item.Fill(fill);
        body.CopyTo(padLeft ? item[(itemLength - body.Length)..] : item);
        return CodecReturnCode.SUCCESS;
    }
}
