namespace Eta.Codec;

// Field list: standard (fieldId, value) entries.
//   flags(1) [infoLen(1) dictionaryId(u15rb) fieldListNum(2)] count(2) { fieldId(2) valueLength(u16ob) value }*
public ref partial struct RwfEncoder
{
    /// <summary>Starts a field list of standard entries without list info.</summary>
    public CodecReturnCode FieldListInit()
    {
        CodecReturnCode rc = BeginContainer(DataTypes.FIELD_LIST);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        rc = Writer.WriteByte((byte)FieldListFlags.HAS_STANDARD_DATA);
        return rc == CodecReturnCode.SUCCESS ? ReserveCount(2) : AbortContainer(rc);
    }

    /// <summary>Starts a field list of standard entries with list info (dictionary id, field list number).</summary>
    public CodecReturnCode FieldListInit(int dictionaryId, int fieldListNum)
    {
        CodecReturnCode rc = BeginContainer(DataTypes.FIELD_LIST);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        if ((uint)dictionaryId > RwfWriter.MaxU15rb)
            return AbortContainer(CodecReturnCode.INVALID_ARGUMENT);
        int infoLength = (dictionaryId < 0x80 ? 1 : 2) + 2;
        rc = Writer.WriteByte((byte)(FieldListFlags.HAS_FIELD_LIST_INFO | FieldListFlags.HAS_STANDARD_DATA));
        if (rc == CodecReturnCode.SUCCESS)
            rc = Writer.WriteByte((byte)infoLength);
        if (rc == CodecReturnCode.SUCCESS)
            rc = Writer.WriteU15rb(dictionaryId);
        if (rc == CodecReturnCode.SUCCESS)
            rc = Writer.WriteInt16((short)fieldListNum);
        return rc == CodecReturnCode.SUCCESS ? ReserveCount(2) : AbortContainer(rc);
    }

    /// <summary>
    /// Starts a field list carrying set-defined data (values written with <see cref="SetValueWriter"/> in the
    /// order of set <paramref name="setId"/>'s definition). With <paramref name="hasStandardData"/> standard entries
    /// may follow; without, the list holds only the set data and takes no entries.
    /// </summary>
    public CodecReturnCode FieldListInit(int setId, scoped ReadOnlySpan<byte> encodedSetData, bool hasStandardData)
    {
        CodecReturnCode rc = BeginContainer(DataTypes.FIELD_LIST);
        return rc == CodecReturnCode.SUCCESS ? WriteSetListHeader(setId, encodedSetData, hasStandardData) : rc;
    }

    /// <summary>Adds an entry whose value is a primitive (Real, UInt, Int, RwfEnum, Date, Time, ...).</summary>
    public CodecReturnCode FieldEntry<T>(int fieldId, in T value) where T : struct, IPrimitive
    {
        CodecReturnCode rc = BeginEntry(DataTypes.FIELD_LIST);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        rc = Writer.WriteInt16((short)fieldId);
        return EndEntry(rc == CodecReturnCode.SUCCESS ? WriteValue(value) : rc);
    }

    /// <summary>
    /// Adds an entry whose value bytes are given: a string/buffer value (ASCII, RMTES, UTF8, BUFFER), or any
    /// pre-encoded primitive or container.
    /// </summary>
    public CodecReturnCode FieldEntry(int fieldId, scoped ReadOnlySpan<byte> encodedValue)
    {
        CodecReturnCode rc = BeginEntry(DataTypes.FIELD_LIST);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        rc = Writer.WriteInt16((short)fieldId);
        return EndEntry(rc == CodecReturnCode.SUCCESS ? Writer.WriteBuffer16(encodedValue) : rc);
    }

    /// <summary>Adds an entry whose value is a State.</summary>
    public CodecReturnCode FieldEntry(int fieldId, in State value)
    {
        CodecReturnCode rc = BeginEntry(DataTypes.FIELD_LIST);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        rc = Writer.WriteInt16((short)fieldId);
        return EndEntry(rc == CodecReturnCode.SUCCESS ? WriteValue(value) : rc);
    }

    /// <summary>Adds a blank entry (zero-length value), whatever the field's type.</summary>
    public CodecReturnCode FieldEntryBlank(int fieldId) => FieldEntry(fieldId, ReadOnlySpan<byte>.Empty);

    /// <summary>
    /// Opens an entry whose value is encoded next (a container, an array, or non-RWF data). A
    /// <paramref name="maxEncodedSize"/> below 254 reserves a 1-byte length; 0 (unknown) reserves 3 bytes.
    /// </summary>
    public CodecReturnCode FieldEntryInit(int fieldId, int maxEncodedSize = 0)
    {
        CodecReturnCode rc = BeginEntry(DataTypes.FIELD_LIST);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        return OpenEntry(Writer.WriteInt16((short)fieldId), maxEncodedSize);
    }

    /// <summary>Closes the entry opened by <see cref="FieldEntryInit"/>; <c>success: false</c> removes it.</summary>
    public CodecReturnCode FieldEntryComplete(bool success) => CompleteEntry(DataTypes.FIELD_LIST, success);

    /// <summary>Writes the entry count; <c>success: false</c> removes the whole field list.</summary>
    public CodecReturnCode FieldListComplete(bool success) => CompleteContainer(DataTypes.FIELD_LIST, success);
}
