using Xunit;

namespace Eta.Codec.Tests.Messages;

/// <summary>
/// Walks a decoded payload with the core container decoders, into nested containers and messages (fuzzing
/// helper). Every step must end in a return code; any code is acceptable, an exception is not.
/// </summary>
internal static class PayloadWalk
{
    private const int MaxDepth = 6;

    public static void Walk(int containerType, ReadOnlySpan<byte> data, int depth = 0)
    {
        if (depth > MaxDepth || data.IsEmpty)
            return;
        switch (containerType)
        {
            case DataTypes.FieldList: FieldList(data); break;
            case DataTypes.ElementList: ElementList(data, depth); break;
            case DataTypes.Map: Map(data, depth); break;
            case DataTypes.FilterList: FilterList(data, depth); break;
            case DataTypes.Vector: Vector(data, depth); break;
            case DataTypes.Series: Series(data, depth); break;
            case DataTypes.Msg: Message(data, depth); break;
            case DataTypes.Array: Array(data); break;
        }
    }

    private static void Message(ReadOnlySpan<byte> data, int depth)
    {
        if (MsgDecoder.Decode(data, out Msg msg) != CodecReturnCode.Success)
            return;
        Assert.True(msg.EncodedDataBody.Length < data.Length);
        Walk(msg.ContainerType, msg.EncodedDataBody, depth + 1);
        if (msg.Key.HasAttrib)
            Walk(msg.Key.AttribContainerType, msg.Key.EncodedAttrib, depth + 1);
    }

    private static void FieldList(ReadOnlySpan<byte> data)
    {
        if (FieldListDecoder.Decode(data, out FieldListDecoder list) != CodecReturnCode.Success)
            return;
        while (list.Next(out FieldEntry entry) == CodecReturnCode.Success)
            entry.Decode(out UInt _);
    }

    private static void ElementList(ReadOnlySpan<byte> data, int depth)
    {
        if (ElementListDecoder.Decode(data, out ElementListDecoder list) != CodecReturnCode.Success)
            return;
        while (list.Next(out ElementEntry entry) == CodecReturnCode.Success)
        {
            if (entry.DataType == DataTypes.State)
                State.Decode(entry.EncodedData, out _);
            else if (entry.DataType == DataTypes.UInt)
                entry.Decode(out UInt _);
            else
                Walk(entry.DataType, entry.EncodedData, depth + 1);
        }
    }

    private static void Array(ReadOnlySpan<byte> data)
    {
        if (ArrayDecoder.Decode(data, out ArrayDecoder array) != CodecReturnCode.Success)
            return;
        while (array.Next(out ReadOnlySpan<byte> item) == CodecReturnCode.Success)
            Qos.Decode(item, out _);
    }

    private static void Map(ReadOnlySpan<byte> data, int depth)
    {
        if (MapDecoder.Decode(data, out MapDecoder map) != CodecReturnCode.Success)
            return;
        while (map.Next(out MapEntry entry) == CodecReturnCode.Success)
        {
            entry.DecodeKey(out UInt _);
            Walk(map.ContainerType, entry.EncodedData, depth + 1);
        }
    }

    private static void FilterList(ReadOnlySpan<byte> data, int depth)
    {
        if (FilterListDecoder.Decode(data, out FilterListDecoder list) != CodecReturnCode.Success)
            return;
        while (list.Next(out FilterEntry entry) == CodecReturnCode.Success)
            Walk(entry.ContainerType, entry.EncodedData, depth + 1);
    }

    private static void Vector(ReadOnlySpan<byte> data, int depth)
    {
        if (VectorDecoder.Decode(data, out VectorDecoder vector) != CodecReturnCode.Success)
            return;
        while (vector.Next(out VectorEntry entry) == CodecReturnCode.Success)
            Walk(vector.ContainerType, entry.EncodedData, depth + 1);
    }

    private static void Series(ReadOnlySpan<byte> data, int depth)
    {
        if (SeriesDecoder.Decode(data, out SeriesDecoder series) != CodecReturnCode.Success)
            return;
        while (series.Next(out ReadOnlySpan<byte> entry) == CodecReturnCode.Success)
            Walk(series.ContainerType, entry, depth + 1);
    }
}
