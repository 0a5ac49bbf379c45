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
