namespace PerfTools.PerfHub.Statistics;

/// <summary>
/// The hub's running totals. The hub runs on one thread, so these are plain fields; the statistics writer reads them
/// on the same thread between passes of the loop.
/// </summary>
internal sealed class HubCounters
{
    public long MessagesIn;
    public long MessagesOut;
    public long MessagesDropped;

    /// <summary>Copies of an update, post or status delivered to consumer streams (one per subscriber).</summary>
    public long FanOut;
    public long RefreshesIn;
    public long UpdatesIn;
    public long PostsIn;
    public long GenericMsgsIn;
    public long ImagesFromCache;

    /// <summary>Images that found no output buffer and were queued for a later pass (each counted once).</summary>
    public long ImagesQueued;
    public long ItemsNotFound;
    public long ItemRequests;
    public long UpstreamStreamsOpened;

    /// <summary>Acks from the upstream provider routed back to the consumer that posted.</summary>
    public long AcksFromUpstream;
    public long ChannelsAccepted;
    public long ChannelsClosed;
    public long UndecodableMessages;
}
