namespace Eta.Codec;

/// <summary>
/// Walks an RWF Array without copying.
/// <code>
/// primitiveType(1) itemLength(u16ob) count(2) items...
///   itemLength &gt; 0: every item is exactly itemLength bytes
///   itemLength = 0: set-defined types use their fixed width, base types carry a u16ob length each
/// </code>
/// Zero bytes is a blank array.
/// </summary>
public ref struct ArrayDecoder
{
    private RwfReader _reader;
    private int _remaining;
    private CodecReturnCode _failure;

    /// <summary>The items' type as sent (may be a set-defined type such as Int2).</summary>
    public int EncodedType { get; private set; }

    /// <summary>The items' base type (Int for Int2, ...): decode items with this type's primitive.</summary>
    public readonly int PrimitiveType => SetPrimitives.ToBaseType(EncodedType);

    /// <summary>Fixed item length, or 0 when each item carries its own.</summary>
    public int ItemLength { get; private set; }

    /// <summary>Number of items.</summary>
    public int Count { get; private set; }

    /// <summary>Reads the array header. Returns Success, BlankData (empty input) or IncompleteData.</summary>
    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out ArrayDecoder decoder)
    {
        decoder = default;
        decoder._reader = new RwfReader(data);
        if (data.IsEmpty)
            return CodecReturnCode.BlankData;
        if (decoder._reader.ReadByte(out byte type) != CodecReturnCode.Success
            || decoder._reader.ReadU16ob(out int itemLength) != CodecReturnCode.Success
            || decoder._reader.ReadUInt16(out ushort count) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        decoder.EncodedType = type;
        decoder.ItemLength = itemLength;
        decoder.Count = count;
        decoder._remaining = count;
        return CodecReturnCode.Success;
    }

    /// <summary>
    /// The next item's value bytes (decode with the primitive of <see cref="PrimitiveType"/>; Real4Rb/8Rb items
    /// with <see cref="SetPrimitives.DecodeRealRb"/>). Returns EndOfContainer after the last item.
    /// </summary>
    public CodecReturnCode Next(out ReadOnlySpan<byte> item)
    {
        item = default;
        if (_failure != CodecReturnCode.Success)
            return _failure;
        if (_remaining == 0)
            return CodecReturnCode.EndOfContainer;
        CodecReturnCode rc = ItemLength > 0
            ? _reader.ReadBytes(ItemLength, out item)
            : SetPrimitives.ReadValue(ref _reader, ItemTypeForVariableLength(EncodedType), out item);
        if (rc != CodecReturnCode.Success)
        {
            _failure = rc;
            return rc;
        }
        _remaining--;
        return CodecReturnCode.Success;
    }

    // With no fixed item length, base primitive items are all u16ob length-prefixed (unlike set data, where some
    // base types have a 1-byte length).
    private static int ItemTypeForVariableLength(int encodedType) =>
        DataTypes.IsPrimitive(encodedType) ? DataTypes.Buffer : encodedType;
}
