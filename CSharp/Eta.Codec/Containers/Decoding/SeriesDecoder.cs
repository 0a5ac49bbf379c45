namespace Eta.Codec;

/// <summary>
/// Walks a series in place.
/// <code>
/// flags(1) containerType(1) [setDefs(u15rb len)] [summary(u15rb len)] [totalCountHint(u30rb)] count(2)
/// entry: data(u16ob len), absent when the container type is NO_DATA
/// </code>
/// </summary>
public ref struct SeriesDecoder
{
    private EntryCursor _cursor;

    public SeriesFlags Flags { get; private set; }

    public int ContainerType { get; private set; }

    public int TotalCountHint { get; private set; }

    public int Count { get; private set; }

    public ReadOnlySpan<byte> EncodedSetDefs { get; private set; }

    public ReadOnlySpan<byte> EncodedSummaryData { get; private set; }

    /// <summary>Reads the header: SUCCESS, NO_DATA (empty payload) or INCOMPLETE_DATA.</summary>
    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out SeriesDecoder decoder)
    {
        decoder = default;
        if (data.IsEmpty)
            return CodecReturnCode.NO_DATA;
        CodecReturnCode rc = decoder.ReadHeader(data);
        if (rc != CodecReturnCode.SUCCESS)
            decoder._cursor = EntryCursor.Failed(rc);
        return rc;
    }

    /// <summary>The next entry's data (a container of <see cref="ContainerType"/>), or END_OF_CONTAINER.</summary>
    public CodecReturnCode Next(out ReadOnlySpan<byte> encodedData)
    {
        encodedData = default;
        CodecReturnCode rc = _cursor.Begin();
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        if (ContainerType != DataTypes.NO_DATA)
            rc = _cursor.Reader.ReadBuffer16(out encodedData);
        return _cursor.End(rc);
    }

    private CodecReturnCode ReadHeader(ReadOnlySpan<byte> data)
    {
        var reader = new RwfReader(data);
        if (reader.ReadByte(out byte flags) != CodecReturnCode.SUCCESS
            || reader.ReadByte(out byte containerType) != CodecReturnCode.SUCCESS)
            return CodecReturnCode.INCOMPLETE_DATA;
        Flags = (SeriesFlags)flags;
        ContainerType = DataTypes.FromWireContainerType(containerType);
        var header = new CountedContainerHeader((Flags & SeriesFlags.HAS_SET_DEFS) != 0,
            (Flags & SeriesFlags.HAS_SUMMARY_DATA) != 0, (Flags & SeriesFlags.HAS_TOTAL_COUNT_HINT) != 0);
        CodecReturnCode rc = header.Read(ref reader);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        EncodedSetDefs = header.SetDefs;
        EncodedSummaryData = header.Summary;
        TotalCountHint = header.TotalCountHint;
        Count = header.Count;
        _cursor = new EntryCursor(reader.ReadToEnd(), Count);
        return CodecReturnCode.SUCCESS;
    }
}
