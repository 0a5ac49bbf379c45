namespace Eta.Codec;

// Series: a sequence of same-typed entries, e.g. rows of a table.
//   flags(1) containerType(1) [setDefs(u15rb len)] [summary(u15rb len)] [totalCountHint(u30rb)] count(2)
//   { data(u16ob len), absent for NO_DATA }*
public ref partial struct RwfEncoder
{
    public CodecReturnCode SeriesInit(scoped SeriesHeader header, int summaryMaxSize = 0) =>
        InitFlagsTypeContainer(DataTypes.SERIES, (byte)header.Flags, header.ContainerType,
            (header.Flags & SeriesFlags.HAS_SET_DEFS) != 0, header.EncodedSetDefs,
            (header.Flags & SeriesFlags.HAS_SUMMARY_DATA) != 0, header.EncodedSummaryData, summaryMaxSize,
            (header.Flags & SeriesFlags.HAS_TOTAL_COUNT_HINT) != 0, header.TotalCountHint);

    public CodecReturnCode SeriesSummaryDataComplete(bool success) =>
        CompleteSummary(DataTypes.SERIES, success,
            (((SeriesFlags)TopFlagsOrZero(DataTypes.SERIES) & SeriesFlags.HAS_TOTAL_COUNT_HINT) != 0));

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
