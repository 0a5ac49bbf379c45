namespace Eta.Codec;

// Vector: index-addressed entries.
//   flags(1) containerType(1) [setDefs(u15rb len)] [summary(u15rb len)] [totalCountHint(u30rb)] count(2)
//   { flags<<4|action(1) index(u30rb) [perm(u15rb len)] [data(u16ob len), not for Clear/Delete] }*
public ref partial struct RwfEncoder
{
    public CodecReturnCode VectorInit(scoped VectorHeader header, int summaryMaxSize = 0) =>
        InitFlagsTypeContainer(DataTypes.Vector, (byte)header.Flags, header.ContainerType,
            (header.Flags & VectorFlags.HasSetDefs) != 0, header.EncodedSetDefs,
            (header.Flags & VectorFlags.HasSummaryData) != 0, header.EncodedSummaryData, summaryMaxSize,
            (header.Flags & VectorFlags.HasTotalCountHint) != 0, header.TotalCountHint);

    public CodecReturnCode VectorSummaryDataComplete(bool success) =>
        CompleteSummary(DataTypes.Vector, success,
            (((VectorFlags)TopFlagsOrZero(DataTypes.Vector) & VectorFlags.HasTotalCountHint) != 0));

    /// <summary>Adds an entry with pre-encoded data (ignored for Clear and Delete).</summary>
    public CodecReturnCode VectorEntry(int index, VectorEntryActions action, scoped ReadOnlySpan<byte> encodedData,
        scoped ReadOnlySpan<byte> permData = default)
    {
        CodecReturnCode rc = BeginVectorEntry(index, action, permData);
        if (rc != CodecReturnCode.Success)
            return rc;
        return EndEntry(VectorActionCarriesData(action) ? Writer.WriteBuffer16(encodedData) : CodecReturnCode.Success);
    }

    /// <summary>Opens an entry whose data container is encoded next.</summary>
    public CodecReturnCode VectorEntryInit(int index, VectorEntryActions action,
        scoped ReadOnlySpan<byte> permData = default, int maxEncodedSize = 0)
    {
        CodecReturnCode rc = BeginVectorEntry(index, action, permData);
        if (rc != CodecReturnCode.Success)
            return rc;
        return OpenEntry(VectorActionCarriesData(action) ? rc : CodecReturnCode.InvalidArgument, maxEncodedSize);
    }

    public CodecReturnCode VectorEntryComplete(bool success) => CompleteEntry(DataTypes.Vector, success);

    public CodecReturnCode VectorComplete(bool success) => CompleteContainer(DataTypes.Vector, success);

    private CodecReturnCode BeginVectorEntry(int index, VectorEntryActions action, scoped ReadOnlySpan<byte> permData)
    {
        CodecReturnCode rc = BeginEntry(DataTypes.Vector);
        if (rc != CodecReturnCode.Success)
            return rc;
        if (action is < VectorEntryActions.Update or > VectorEntryActions.Delete
            || (!permData.IsEmpty && (((VectorFlags)Top.Flags & VectorFlags.HasPerEntryPermData) == 0)))
            return EndEntry(CodecReturnCode.InvalidArgument);
        var flags = permData.IsEmpty ? VectorEntryFlags.None : VectorEntryFlags.HasPermData;
        rc = WriteFlagsAndAction((int)flags, (int)action);
        if (rc == CodecReturnCode.Success)
            rc = Writer.WriteU30rb(index);
        if (rc == CodecReturnCode.Success && !permData.IsEmpty)
            rc = Writer.WriteBuffer15(permData);
        return rc == CodecReturnCode.Success ? rc : EndEntry(rc);
    }

    private bool VectorActionCarriesData(VectorEntryActions action) =>
        action is not (VectorEntryActions.Clear or VectorEntryActions.Delete) && Top.EntryType != DataTypes.NoData;
}
