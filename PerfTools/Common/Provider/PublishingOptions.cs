namespace PerfTools.Common.Provider;

/// <summary>
/// How a provider writes to its channel: <c>-directWrite</c>, packing (<c>-maxPackCount</c> messages into
/// <c>-packBufSize</c> buffers) and <c>-highWaterMark</c>. Immutable; built from each tool's options.
/// </summary>
public sealed record PublishingOptions(bool DirectWrite, int MaxPackCount, int PackBufSize, int HighWaterMark)
{
    /// <summary>Packing is on when more than one message goes into a buffer.</summary>
    public bool Packing => MaxPackCount > 1;
}
