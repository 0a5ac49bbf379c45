namespace Eta.Codec;

// Element list: standard (name, type, value) entries.
//   flags(1) [infoLen(1) elementListNum(2)] count(2) { name(u15rb len) dataType(1) [valueLength(u16ob) value] }*
public ref partial struct RwfEncoder
{
    /// <summary>Starts an element list of standard entries without list info.</summary>
    public CodecReturnCode ElementListInit()
    {
        CodecReturnCode rc = BeginContainer(DataTypes.ElementList);
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = Writer.WriteByte((byte)ElementListFlags.HasStandardData);
        return rc == CodecReturnCode.Success ? ReserveCount(2) : AbortContainer(rc);
    }

    /// <summary>Starts an element list of standard entries with list info (the element list number).</summary>
    public CodecReturnCode ElementListInit(int elementListNum)
    {
        CodecReturnCode rc = BeginContainer(DataTypes.ElementList);
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = Writer.WriteByte((byte)(ElementListFlags.HasElementListInfo | ElementListFlags.HasStandardData));
        if (rc == CodecReturnCode.Success)
            rc = Writer.WriteByte(2);
        if (rc == CodecReturnCode.Success)
            rc = Writer.WriteInt16((short)elementListNum);
        return rc == CodecReturnCode.Success ? ReserveCount(2) : AbortContainer(rc);
    }

    /// <summary>Starts an element list carrying set-defined data (see the field list overload).</summary>
    public CodecReturnCode ElementListInit(int setId, scoped ReadOnlySpan<byte> encodedSetData, bool hasStandardData)
    {
        CodecReturnCode rc = BeginContainer(DataTypes.ElementList);
        return rc == CodecReturnCode.Success ? WriteSetListHeader(setId, encodedSetData, hasStandardData) : rc;
    }

    /// <summary>Adds an entry whose value is a primitive; its type comes from <typeparamref name="T"/>.</summary>
    public CodecReturnCode ElementEntry<T>(scoped ReadOnlySpan<byte> name, in T value) where T : struct, IPrimitive<T>
    {
        CodecReturnCode rc = BeginElement(name, T.DataType);
        return rc != CodecReturnCode.Success ? rc : EndEntry(WriteValue(value));
    }

    /// <summary>
    /// Adds an entry of <paramref name="dataType"/> whose value bytes are given (a string/buffer, or any
    /// pre-encoded primitive or container). A NoData entry carries no value.
    /// </summary>
    public CodecReturnCode ElementEntry(scoped ReadOnlySpan<byte> name, int dataType, scoped ReadOnlySpan<byte> encodedValue)
    {
        CodecReturnCode rc = BeginElement(name, dataType);
        if (rc != CodecReturnCode.Success)
            return rc;
        return EndEntry(dataType == DataTypes.NoData ? CodecReturnCode.Success : Writer.WriteBuffer16(encodedValue));
    }

    /// <summary>Adds an entry whose value is a State.</summary>
    public CodecReturnCode ElementEntry(scoped ReadOnlySpan<byte> name, in State value)
    {
        CodecReturnCode rc = BeginElement(name, DataTypes.State);
        return rc != CodecReturnCode.Success ? rc : EndEntry(WriteValue(value));
    }

    /// <summary>Adds a blank entry of <paramref name="dataType"/> (zero-length value).</summary>
    public CodecReturnCode ElementEntryBlank(scoped ReadOnlySpan<byte> name, int dataType) =>
        ElementEntry(name, dataType, ReadOnlySpan<byte>.Empty);

    /// <summary>Opens an entry whose value (a container, array or non-RWF data) is encoded next.</summary>
    public CodecReturnCode ElementEntryInit(scoped ReadOnlySpan<byte> name, int dataType, int maxEncodedSize = 0)
    {
        CodecReturnCode rc = BeginElement(name, dataType);
        return rc != CodecReturnCode.Success ? rc : OpenEntry(CodecReturnCode.Success, maxEncodedSize);
    }

    /// <summary>Closes the entry opened by <see cref="ElementEntryInit"/>; <c>success: false</c> removes it.</summary>
    public CodecReturnCode ElementEntryComplete(bool success) => CompleteEntry(DataTypes.ElementList, success);

    /// <summary>Writes the entry count; <c>success: false</c> removes the whole element list.</summary>
    public CodecReturnCode ElementListComplete(bool success) => CompleteContainer(DataTypes.ElementList, success);

    // Writes name and type; on failure the partial entry is already removed.
    private CodecReturnCode BeginElement(scoped ReadOnlySpan<byte> name, int dataType)
    {
        CodecReturnCode rc = BeginEntry(DataTypes.ElementList);
        if (rc != CodecReturnCode.Success)
            return rc;
        if ((uint)dataType > byte.MaxValue)
            return EndEntry(CodecReturnCode.InvalidArgument);
        rc = Writer.WriteBuffer15(name);
        if (rc == CodecReturnCode.Success)
            rc = Writer.WriteByte((byte)dataType);
        return rc == CodecReturnCode.Success ? rc : EndEntry(rc);
    }
}
