namespace Eta.Codec;

/// <summary>
/// Reads the element and array item values of an encoded dictionary leniently: integers may come as Int or UInt
/// (or their set-defined forms), text as any of the string types, and blank numbers read as 0.
/// </summary>
internal static class DictionaryValues
{
    public static bool TryInteger(int dataType, ReadOnlySpan<byte> data, out long value)
    {
        value = 0;
        switch (dataType)
        {
            case DataTypes.Int:
                if (Int.Decode(data, out Int i) < 0)
                    return false;
                value = i.Value;
                return true;
            case DataTypes.UInt:
            case DataTypes.Enum:
                if (UInt.Decode(data, out UInt u) < 0 || u.Value > long.MaxValue)
                    return false;
                value = (long)u.Value;
                return true;
            default:
                return false;
        }
    }

    public static bool TryInteger(in ElementEntry entry, out long value) =>
        TryInteger(entry.DataType, entry.EncodedData, out value);

    public static bool TryInteger(in ElementEntry entry, long min, long max, out long value) =>
        TryInteger(entry, out value) && value >= min && value <= max;

    public static bool IsText(int dataType) => RwfBuffer.IsBufferType(dataType);
}
