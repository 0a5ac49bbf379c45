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
}
