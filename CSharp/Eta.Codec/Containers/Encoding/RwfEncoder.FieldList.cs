using System.Buffers.Binary;

namespace Eta.Codec;

// Field list: standard (fieldId, value) entries.
//   flags(1) [infoLen(1) dictionaryId(u15rb) fieldListNum(2)] count(2) { fieldId(2) valueLength(u16ob) value }*
public ref partial struct RwfEncoder
{
    /// <summary>Starts a field list of standard entries without list info.</summary>
    public CodecReturnCode FieldListInit()
    {
        CodecReturnCode rc = BeginContainer(DataTypes.FieldList);
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = Writer.WriteByte((byte)FieldListFlags.HasStandardData);
        return rc == CodecReturnCode.Success ? ReserveCount(2) : AbortContainer(rc);
    }

    /// <summary>Starts a field list of standard entries with list info (dictionary id, field list number).</summary>
    public CodecReturnCode FieldListInit(int dictionaryId, int fieldListNum)
    {
        CodecReturnCode rc = BeginContainer(DataTypes.FieldList);
        if (rc != CodecReturnCode.Success)
            return rc;
        if ((uint)dictionaryId > RwfWriter.MaxU15rb)
            return AbortContainer(CodecReturnCode.InvalidArgument);
        int infoLength = (dictionaryId < 0x80 ? 1 : 2) + 2;
        rc = Writer.WriteByte((byte)(FieldListFlags.HasFieldListInfo | FieldListFlags.HasStandardData));
        if (rc == CodecReturnCode.Success)
            rc = Writer.WriteByte((byte)infoLength);
        if (rc == CodecReturnCode.Success)
            rc = Writer.WriteU15rb(dictionaryId);
        if (rc == CodecReturnCode.Success)
            rc = Writer.WriteInt16((short)fieldListNum);
        return rc == CodecReturnCode.Success ? ReserveCount(2) : AbortContainer(rc);
    }

    /// <summary>
    /// Starts a field list carrying set-defined data (values written with <see cref="SetValueWriter"/> in the
    /// order of set <paramref name="setId"/>'s definition). With <paramref name="hasStandardData"/> standard entries
    /// may follow; without, the list holds only the set data and takes no entries.
    /// </summary>
    public CodecReturnCode FieldListInit(int setId, scoped ReadOnlySpan<byte> encodedSetData, bool hasStandardData)
    {
        CodecReturnCode rc = BeginContainer(DataTypes.FieldList);
        return rc == CodecReturnCode.Success ? WriteSetListHeader(setId, encodedSetData, hasStandardData) : rc;
    }

    /// <summary>
    /// Adds an entry whose value is a primitive (Real, UInt, Int, RwfEnum, Date, Time, ...). Real, UInt, Int,
    /// RwfEnum, Date and Time have their own overloads (RwfEncoder.FieldEntries.cs) that write the same bytes faster.
    /// </summary>
    public CodecReturnCode FieldEntry<T>(int fieldId, in T value) where T : struct, IPrimitive =>
        GenericFieldEntry(fieldId, value);

    // Every primitive's entry, step by step: the typed overloads fall back to it for anything unusual.
    private CodecReturnCode GenericFieldEntry<T>(int fieldId, in T value) where T : struct, IPrimitive
    {
        CodecReturnCode rc = BeginEntry(DataTypes.FieldList);
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = Writer.WriteInt16((short)fieldId);
        return EndEntry(rc == CodecReturnCode.Success ? WriteValue(value) : rc);
    }

    /// <summary>
    /// Adds an entry whose value bytes are given: a string/buffer value (ASCII, RMTES, UTF8, Buffer), or any
    /// pre-encoded primitive or container.
    /// </summary>
    public CodecReturnCode FieldEntry(int fieldId, scoped ReadOnlySpan<byte> encodedValue)
    {
        // Short values (every string field of a MarketPrice update) in one step: fid, 1-byte length, bytes.
        int length = encodedValue.Length;
        if (length < ShortValueLimit && CanAddFieldEntry(EntryHeader + length))
        {
            Span<byte> entry = Writer.Window(EntryHeader + length);
            BinaryPrimitives.WriteInt16BigEndian(entry, (short)fieldId);
            entry[2] = (byte)length;
            encodedValue.CopyTo(entry[EntryHeader..]);
            return CommitFieldEntry(EntryHeader + length);
        }
        return LongFieldEntry(fieldId, encodedValue);
    }

    private CodecReturnCode LongFieldEntry(int fieldId, scoped ReadOnlySpan<byte> encodedValue)
    {
        CodecReturnCode rc = BeginEntry(DataTypes.FieldList);
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = Writer.WriteInt16((short)fieldId);
        return EndEntry(rc == CodecReturnCode.Success ? Writer.WriteBuffer16(encodedValue) : rc);
    }

    /// <summary>Adds an entry whose value is a State.</summary>
    public CodecReturnCode FieldEntry(int fieldId, in State value)
    {
        CodecReturnCode rc = BeginEntry(DataTypes.FieldList);
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = Writer.WriteInt16((short)fieldId);
        return EndEntry(rc == CodecReturnCode.Success ? WriteValue(value) : rc);
    }

    /// <summary>Adds a blank entry (zero-length value), whatever the field's type.</summary>
    public CodecReturnCode FieldEntryBlank(int fieldId) => FieldEntry(fieldId, ReadOnlySpan<byte>.Empty);

    /// <summary>
    /// Opens an entry whose value is encoded next (a container, an array, or non-RWF data). A
    /// <paramref name="maxEncodedSize"/> below 254 reserves a 1-byte length; 0 (unknown) reserves 3 bytes.
    /// </summary>
    public CodecReturnCode FieldEntryInit(int fieldId, int maxEncodedSize = 0)
    {
        CodecReturnCode rc = BeginEntry(DataTypes.FieldList);
        if (rc != CodecReturnCode.Success)
            return rc;
        return OpenEntry(Writer.WriteInt16((short)fieldId), maxEncodedSize);
    }

    /// <summary>Closes the entry opened by <see cref="FieldEntryInit"/>; <c>success: false</c> removes it.</summary>
    public CodecReturnCode FieldEntryComplete(bool success) => CompleteEntry(DataTypes.FieldList, success);

    /// <summary>Writes the entry count; <c>success: false</c> removes the whole field list.</summary>
    public CodecReturnCode FieldListComplete(bool success) => CompleteContainer(DataTypes.FieldList, success);
}
