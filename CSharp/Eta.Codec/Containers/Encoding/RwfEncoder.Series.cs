namespace Eta.Codec;

// Series: a sequence of same-typed entries, e.g. rows of a table.
//   flags(1) containerType(1) [setDefs(u15rb len)] [summary(u15rb len)] [totalCountHint(u30rb)] count(2)
//   { data(u16ob len), absent for NO_DATA }*
public ref partial struct RwfEncoder
{
    public CodecReturnCode SeriesInit(scoped in SeriesHeader header, int summaryMaxSize = 0) =>
        InitFlagsTypeContainer(DataTypes.SERIES, (byte)header.Flags, header.ContainerType,
            header.Flags.HasFlag(SeriesFlags.HAS_SET_DEFS), header.EncodedSetDefs,
            header.Flags.HasFlag(SeriesFlags.HAS_SUMMARY_DATA), header.EncodedSummaryData, summaryMaxSize,
            header.Flags.HasFlag(SeriesFlags.HAS_TOTAL_COUNT_HINT), header.TotalCountHint);

    public CodecReturnCode SeriesSummaryDataComplete(bool success) =>
        CompleteSummary(DataTypes.SERIES, success,
            ((SeriesFlags)TopFlagsOrZero(DataTypes.SERIES)).HasFlag(SeriesFlags.HAS_TOTAL_COUNT_HINT));

    /// <summary>Adds an entry with pre-encoded data.</summary>
    public CodecReturnCode SeriesEntry(scoped ReadOnlySpan<byte> encodedData)
    {
        CodecReturnCode rc = BeginEntry(DataTypes.SERIES);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        return EndEntry(Top.EntryType == DataTypes.NO_DATA ? CodecReturnCode.SUCCESS : Writer.WriteBuffer16(encodedData));
    }

    /// <summary>Opens an entry whose data container is encoded next.</summary>
    public CodecReturnCode SeriesEntryInit(int maxEncodedSize = 0)
    {
        CodecReturnCode rc = BeginEntry(DataTypes.SERIES);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        return Top.EntryType == DataTypes.NO_DATA
            ? CodecReturnCode.INVALID_ARGUMENT
            : OpenEntry(CodecReturnCode.SUCCESS, maxEncodedSize);
    }

    public CodecReturnCode SeriesEntryComplete(bool success) => CompleteEntry(DataTypes.SERIES, success);

    public CodecReturnCode SeriesComplete(bool success) => CompleteContainer(DataTypes.SERIES, success);
}
