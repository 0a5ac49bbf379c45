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
    /// The high water mark a provider channel gets when <c>-highWaterMark</c> is 0 (the guide's "default of 6144"):
    /// room for a whole slice of the update burst (<see cref="UpdateSlices"/>: 300 updates of LSEG's MsgData.xml at
    /// 3 M/s are about 45 KB), so each slice leaves in one write at its end, where 6144 bytes cut it into a write
    /// every 40 or so updates and each write woke the consumer. At 1 M/s that was 26 writes per 1,000 updates; one per
    /// slice is 5 (PerfTools/bench/README.md, "Latency ladder").
    /// </summary>
    public const int SliceHighWaterMark = 64 * 1024;

    /// <summary>The high water mark the channel is given: <c>-highWaterMark</c>, or <see cref="SliceHighWaterMark"/> for 0.</summary>
    public int EffectiveHighWaterMark => HighWaterMark > 0 ? HighWaterMark : SliceHighWaterMark;

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
