namespace PerfTools.Common.Provider;

/// <summary>
/// How a provider writes to its channel: <c>-directWrite</c>, packing (<c>-maxPackCount</c> messages into
/// <c>-packBufSize</c> buffers), <c>-highWaterMark</c>, and how long a channel may refuse output before it is
/// given up (<c>-stallTimeout</c>, ProvPerf only; others keep the default). Immutable; built from each tool's options.
/// </summary>
public sealed record PublishingOptions(bool DirectWrite, int MaxPackCount, int PackBufSize, int HighWaterMark,
    int StallTimeoutSeconds = PublishingOptions.DefaultStallTimeoutSeconds)
{
    public const int DefaultStallTimeoutSeconds = 10;

    /// <summary>
    /// The high water mark a provider channel gets when <c>-highWaterMark</c> is 0: the guide's "default of 6144".
    /// A mark above a slice of the update burst (<see cref="UpdateSlices"/>, e.g. <c>-highWaterMark 65536</c>) lets
    /// each slice leave in one write at its end instead of a write every 40 or so updates, which costs less CPU on
    /// both sides (PerfTools/bench/README.md, "Latency ladder"); the guide's default is kept so that default runs
    /// compare with LSEG's tools and earlier results.
    /// </summary>
    public const int GuideDefaultHighWaterMark = 6144;

    /// <summary>The high water mark the channel is given: <c>-highWaterMark</c>, or <see cref="GuideDefaultHighWaterMark"/> for 0.</summary>
    public int EffectiveHighWaterMark => HighWaterMark > 0 ? HighWaterMark : GuideDefaultHighWaterMark;

    /// <summary>Packing is on when more than one message goes into a buffer.</summary>
    public bool Packing => MaxPackCount > 1;

    /// <summary>
    /// The size of the buffer to get for a message of up to <paramref name="maxLength"/> bytes, and whether it is
    /// packed. A packed buffer cannot exceed the channel's max fragment size: a <c>-packBufSize</c> above it is cut
    /// to it, and a message too large for one goes out alone, unpacked (the transport fragments it).
    /// </summary>
    public int BufferSize(int maxLength, int maxFragmentSize, out bool packed)
    {
        packed = Packing && maxLength <= maxFragmentSize;
        return packed ? Math.Min(Math.Max(PackBufSize, maxLength), maxFragmentSize) : maxLength;
    }
}
