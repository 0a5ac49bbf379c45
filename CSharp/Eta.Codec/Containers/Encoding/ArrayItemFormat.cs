namespace Eta.Codec;

/// <summary>Fits a primitive's value bytes into an array's fixed item length.</summary>
internal static class ArrayItemFormat
{
    /// <summary>Largest value body that can be fitted to a fixed length (a DateTime is 12 bytes).</summary>
    public const int MaxFixedItemBody = 64;

    public static CodecReturnCode WriteFixed(ref RwfWriter writer, int type, scoped ReadOnlySpan<byte> body, int itemLength)
    {
        switch (type)
        {
            case DataTypes.Int:
            case DataTypes.UInt:
            case DataTypes.Enum:
                if (body.Length > itemLength || itemLength > 8)
                    return CodecReturnCode.ValueOutOfRange;
                // Widen a trimmed integer: sign-extend Int, zero-extend the unsigned types.
                byte fill = type == DataTypes.Int && !body.IsEmpty && (body[0] & 0x80) != 0 ? (byte)0xFF : (byte)0;
                return WritePadded(ref writer, body, itemLength, fill, padLeft: true);
            case DataTypes.Buffer:
            case DataTypes.AsciiString:
            case DataTypes.Utf8String:
            case DataTypes.RmtesString:
                return body.Length > itemLength
                    ? CodecReturnCode.InvalidArgument
                    : WritePadded(ref writer, body, itemLength, 0, padLeft: false);
            case DataTypes.Date:
            case DataTypes.Float:
            case DataTypes.Double:
                if (body.IsEmpty)
                    return WritePadded(ref writer, body, itemLength, 0, padLeft: false);
                return body.Length == itemLength ? writer.WriteBytes(body) : CodecReturnCode.InvalidArgument;
            case DataTypes.Time:
                return Time.Decode(body, out Time time) < 0 ? CodecReturnCode.InvalidArgument : time.EncodeFixed(ref writer, itemLength);
            case DataTypes.DateTime:
                return RwfDateTime.Decode(body, out RwfDateTime dateTime) < 0
                    ? CodecReturnCode.InvalidArgument
                    : dateTime.EncodeFixed(ref writer, itemLength);
            default:
                return CodecReturnCode.EncodingUnavailable;
        }
    }

    private static CodecReturnCode WritePadded(ref RwfWriter writer, scoped ReadOnlySpan<byte> body, int itemLength, byte fill, bool padLeft)
    {
        if (writer.Reserve(itemLength, out Span<byte> item) != CodecReturnCode.Success)
            return CodecReturnCode.BufferTooSmall;
        item.Fill(fill);
        body.CopyTo(padLeft ? item[(itemLength - body.Length)..] : item);
        return CodecReturnCode.Success;
    }
}
