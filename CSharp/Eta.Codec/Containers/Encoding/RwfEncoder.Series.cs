namespace Eta.Codec;

// Series: a sequence of same-typed entries, e.g. rows of a table.
//   flags(1) containerType(1) [setDefs(u15rb len)] [summary(u15rb len)] [totalCountHint(u30rb)] count(2)
//   { data(u16ob len), absent for NoData }*
public ref partial struct RwfEncoder
{
    public CodecReturnCode SeriesInit(scoped SeriesHeader header, int summaryMaxSize = 0) =>
        InitFlagsTypeContainer(DataTypes.Series, (byte)header.Flags, header.ContainerType,
            (header.Flags & SeriesFlags.HasSetDefs) != 0, header.EncodedSetDefs,
            (header.Flags & SeriesFlags.HasSummaryData) != 0, header.EncodedSummaryData, summaryMaxSize,
            (header.Flags & SeriesFlags.HasTotalCountHint) != 0, header.TotalCountHint);

    public CodecReturnCode SeriesSummaryDataComplete(bool success) =>
        CompleteSummary(DataTypes.Series, success,
            (((SeriesFlags)TopFlagsOrZero(DataTypes.Series) & SeriesFlags.HasTotalCountHint) != 0));

    /// <summary>Adds an entry with pre-encoded data.</summary>
    public CodecReturnCode SeriesEntry(scoped ReadOnlySpan<byte> encodedData)
    {
        CodecReturnCode rc = BeginEntry(DataTypes.Series);
        if (rc != CodecReturnCode.Success)
            return rc;
        return EndEntry(Top.EntryType == DataTypes.NoData ? CodecReturnCode.Success : Writer.WriteBuffer16(encodedData));
    }

    /// <summary>Opens an entry whose data container is encoded next.</summary>
    public CodecReturnCode SeriesEntryInit(int maxEncodedSize = 0)
    {
        CodecReturnCode rc = BeginEntry(DataTypes.Series);
        if (rc != CodecReturnCode.Success)
            return rc;
        return Top.EntryType == DataTypes.NoData
            ? CodecReturnCode.InvalidArgument
            : OpenEntry(CodecReturnCode.Success, maxEncodedSize);
    }

    public CodecReturnCode SeriesEntryComplete(bool success) => CompleteEntry(DataTypes.Series, success);

    public CodecReturnCode SeriesComplete(bool success) => CompleteContainer(DataTypes.Series, success);
}
