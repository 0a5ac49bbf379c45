namespace Eta.Codec;

// Vector: index-addressed entries.
//   flags(1) containerType(1) [setDefs(u15rb len)] [summary(u15rb len)] [totalCountHint(u30rb)] count(2)
//   { flags<<4|action(1) index(u30rb) [perm(u15rb len)] [data(u16ob len), not for CLEAR/DELETE] }*
public ref partial struct RwfEncoder
{
    public CodecReturnCode VectorInit(scoped VectorHeader header, int summaryMaxSize = 0) =>
        InitFlagsTypeContainer(DataTypes.VECTOR, (byte)header.Flags, header.ContainerType,
            (header.Flags & VectorFlags.HAS_SET_DEFS) != 0, header.EncodedSetDefs,
            (header.Flags & VectorFlags.HAS_SUMMARY_DATA) != 0, header.EncodedSummaryData, summaryMaxSize,
            (header.Flags & VectorFlags.HAS_TOTAL_COUNT_HINT) != 0, header.TotalCountHint);

    public CodecReturnCode VectorSummaryDataComplete(bool success) =>
        CompleteSummary(DataTypes.VECTOR, success,
            (((VectorFlags)TopFlagsOrZero(DataTypes.VECTOR) & VectorFlags.HAS_TOTAL_COUNT_HINT) != 0));

    /// <summary>Adds an entry with pre-encoded data (ignored for CLEAR and DELETE).</summary>
    public CodecReturnCode VectorEntry(int index, VectorEntryActions action, scoped ReadOnlySpan<byte> encodedData,
        scoped ReadOnlySpan<byte> permData = default)
    {
        CodecReturnCode rc = BeginVectorEntry(index, action, permData);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        return EndEntry(VectorActionCarriesData(action) ? Writer.WriteBuffer16(encodedData) : CodecReturnCode.SUCCESS);
    }

    /// <summary>Opens an entry whose data container is encoded next.</summary>
    public CodecReturnCode VectorEntryInit(int index, VectorEntryActions action,
        scoped ReadOnlySpan<byte> permData = default, int maxEncodedSize = 0)
    {
        CodecReturnCode rc = BeginVectorEntry(index, action, permData);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        return OpenEntry(VectorActionCarriesData(action) ? rc : CodecReturnCode.INVALID_ARGUMENT, maxEncodedSize);
    }

    public CodecReturnCode VectorEntryComplete(bool success) => CompleteEntry(DataTypes.VECTOR, success);

    public CodecReturnCode VectorComplete(bool success) => CompleteContainer(DataTypes.VECTOR, success);

    private CodecReturnCode BeginVectorEntry(int index, VectorEntryActions action, scoped ReadOnlySpan<byte> permData)
    {
        CodecReturnCode rc = BeginEntry(DataTypes.VECTOR);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        if (action is < VectorEntryActions.UPDATE or > VectorEntryActions.DELETE
            || (!permData.IsEmpty && (((VectorFlags)Top.Flags & VectorFlags.HAS_PER_ENTRY_PERM_DATA) == 0)))
            return EndEntry(CodecReturnCode.INVALID_ARGUMENT);
        var flags = permData.IsEmpty ? VectorEntryFlags.NONE : VectorEntryFlags.HAS_PERM_DATA;
        rc = WriteFlagsAndAction((int)flags, (int)action);
        if (rc == CodecReturnCode.SUCCESS)
            rc = Writer.WriteU30rb(index);
        if (rc == CodecReturnCode.SUCCESS && !permData.IsEmpty)
            rc = Writer.WriteBuffer15(permData);
        return rc == CodecReturnCode.SUCCESS ? rc : EndEntry(rc);
    }

    private bool VectorActionCarriesData(VectorEntryActions action) =>
        action is not (VectorEntryActions.CLEAR or VectorEntryActions.DELETE) && Top.EntryType != DataTypes.NO_DATA;
}
