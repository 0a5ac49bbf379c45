namespace Eta.Codec;

/// <summary>
/// What <see cref="RwfEncoder.MapInit"/> writes. With HasSummaryData and no <see cref="EncodedSummaryData"/>,
/// the summary is encoded in place after MapInit and closed with MapSummaryDataComplete. Set definitions must be
/// given pre-encoded when HasSetDefs is set.
/// </summary>
public ref struct MapHeader
{
    public MapFlags Flags;
    public int KeyPrimitiveType;
    public int ContainerType;
    public int KeyFieldId;
    public int TotalCountHint;
    public ReadOnlySpan<byte> EncodedSetDefs;
    public ReadOnlySpan<byte> EncodedSummaryData;
}

/// <summary>What <see cref="RwfEncoder.VectorInit"/> writes (summary/set definitions as for <see cref="MapHeader"/>).</summary>
public ref struct VectorHeader
{
    public VectorFlags Flags;
    public int ContainerType;
    public int TotalCountHint;
    public ReadOnlySpan<byte> EncodedSetDefs;
    public ReadOnlySpan<byte> EncodedSummaryData;
}

/// <summary>What <see cref="RwfEncoder.SeriesInit"/> writes (summary/set definitions as for <see cref="MapHeader"/>).</summary>
public ref struct SeriesHeader
{
    public SeriesFlags Flags;
    public int ContainerType;
    public int TotalCountHint;
    public ReadOnlySpan<byte> EncodedSetDefs;
    public ReadOnlySpan<byte> EncodedSummaryData;
}

/// <summary>
/// One filter list entry. HasContainerType is written when <see cref="ContainerType"/> is set and differs from
/// the list's; HasPermData when <see cref="PermData"/> is not empty.
/// </summary>
public ref struct FilterEntryHeader
{
    public byte Id;
    public FilterEntryActions Action;
    public int ContainerType;
    public ReadOnlySpan<byte> PermData;
}
