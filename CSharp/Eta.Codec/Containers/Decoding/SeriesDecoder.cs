namespace Eta.Codec;

/// <summary>
/// Walks a series in place.
/// <code>
/// flags(1) containerType(1) [setDefs(u15rb len)] [summary(u15rb len)] [totalCountHint(u30rb)] count(2)
/// entry: data(u16ob len), absent when the container type is NoData
/// </code>
/// </summary>
public ref struct SeriesDecoder
{
    private EntryCursor _cursor;
    private CountedContainerHeader _header;

    public SeriesFlags Flags { get; private set; }

    public int ContainerType { get; private set; }

    public readonly int TotalCountHint => _header.TotalCountHint;

    public readonly int Count => _header.Count;

    public readonly ReadOnlySpan<byte> EncodedSetDefs => _header.SetDefs;

    public readonly ReadOnlySpan<byte> EncodedSummaryData => _header.Summary;

    /// <summary>Reads the header: Success, NoData (empty payload) or IncompleteData.</summary>
    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out SeriesDecoder decoder)
    {
        decoder = default;
        if (data.IsEmpty)
            return CodecReturnCode.NoData;
        CodecReturnCode rc = decoder.ReadHeader(data);
        if (rc != CodecReturnCode.Success)
            decoder._cursor = EntryCursor.Failed(rc);
        return rc;
    }

    /// <summary>The next entry's data (a container of <see cref="ContainerType"/>), or EndOfContainer.</summary>
    public CodecReturnCode Next(out ReadOnlySpan<byte> encodedData)
    {
        encodedData = default;
        CodecReturnCode rc = _cursor.Begin();
        if (rc != CodecReturnCode.Success)
            return rc;
        if (ContainerType != DataTypes.NoData)
            rc = _cursor.Reader.ReadBuffer16(out encodedData);
        return _cursor.End(rc);
    }

    private CodecReturnCode ReadHeader(ReadOnlySpan<byte> data)
    {
        var reader = new RwfReader(data);
        if (reader.ReadByte(out byte flags) != CodecReturnCode.Success
            || reader.ReadByte(out byte containerType) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        Flags = (SeriesFlags)flags;
        ContainerType = DataTypes.FromWireContainerType(containerType);
        CodecReturnCode rc = CountedContainerHeader.Read(ref reader, (Flags & SeriesFlags.HasSetDefs) != 0,
            (Flags & SeriesFlags.HasSummaryData) != 0, (Flags & SeriesFlags.HasTotalCountHint) != 0, out _header);
        if (rc != CodecReturnCode.Success)
            return rc;
        _cursor = new EntryCursor(reader.ReadToEnd(), Count);
        return CodecReturnCode.Success;
    }
}
