namespace Eta.Codec;

// Array: a primitive holding items of one primitive type.
//   primitiveType(1) itemLength(u16ob) count(2) { item }*
//   itemLength > 0: each item exactly itemLength bytes (numbers padded, strings zero-filled);
//   itemLength = 0: each item is length(u16ob) + value.
public ref partial struct RwfEncoder
{
    /// <summary>Starts an array (top level, or as the value of an entry opened with XxxEntryInit).</summary>
    public CodecReturnCode ArrayInit(int primitiveType, int itemLength = 0)
    {
        CodecReturnCode rc = BeginContainer(DataTypes.Array);
        if (rc != CodecReturnCode.Success)
            return rc;
        if (!DataTypes.IsPrimitive(primitiveType) || primitiveType == DataTypes.Array || (uint)itemLength > RwfWriter.MaxU16ob)
            return AbortContainer(CodecReturnCode.InvalidArgument);
        Top.EntryType = primitiveType;
        Top.ItemLength = itemLength;
        rc = Writer.WriteByte((byte)primitiveType);
        if (rc == CodecReturnCode.Success)
            rc = Writer.WriteU16ob(itemLength);
        return rc == CodecReturnCode.Success ? ReserveCount(2) : AbortContainer(rc);
    }

    /// <summary>Adds an item; its type must be the array's.</summary>
    public CodecReturnCode ArrayEntry<T>(in T value) where T : struct, IPrimitive<T>
    {
        CodecReturnCode rc = BeginEntry(DataTypes.Array);
        if (rc != CodecReturnCode.Success)
            return rc;
        if (T.DataType != Top.EntryType)
            return CodecReturnCode.InvalidArgument;
        if (Top.ItemLength == 0)
            return EndEntry(WriteValue(value));
        Span<byte> scratch = stackalloc byte[ArrayItemFormat.MaxFixedItemBody];
        var body = new RwfWriter(scratch);
        rc = value.EncodeBody(ref body);
        if (rc != CodecReturnCode.Success)
            return EndEntry(rc == CodecReturnCode.BufferTooSmall ? CodecReturnCode.ValueOutOfRange : rc);
        return EndEntry(ArrayItemFormat.WriteFixed(ref Writer, Top.EntryType, body.Written, Top.ItemLength));
    }

    /// <summary>Adds an item given as value bytes: a string/buffer, or a pre-encoded item of the array's type.</summary>
    public CodecReturnCode ArrayEntry(scoped ReadOnlySpan<byte> encodedValue)
    {
        CodecReturnCode rc = BeginEntry(DataTypes.Array);
        if (rc != CodecReturnCode.Success)
            return rc;
        return EndEntry(Top.ItemLength == 0
            ? Writer.WriteBuffer16(encodedValue)
            : ArrayItemFormat.WriteFixed(ref Writer, Top.EntryType, encodedValue, Top.ItemLength));
    }

    /// <summary>Adds a blank item (zero length, or itemLength zero bytes).</summary>
    public CodecReturnCode ArrayEntryBlank() => ArrayEntry(ReadOnlySpan<byte>.Empty);

    /// <summary>Writes the item count; <c>success: false</c> removes the whole array.</summary>
    public CodecReturnCode ArrayComplete(bool success) => CompleteContainer(DataTypes.Array, success);
}
