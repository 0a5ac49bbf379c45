using PerfTools.PerfHub.Routing;

namespace PerfTools.PerfHub.Cache;

/// <summary>One consumer stream open on a cached item.</summary>
internal sealed class Subscription(Peer consumer, int streamId, CachedItem item, bool streaming)
{
    public Peer Consumer { get; } = consumer;

    public int StreamId { get; } = streamId;

    public CachedItem Item { get; } = item;

    public bool Streaming { get; } = streaming;

    /// <summary>The solicited image has been sent: updates flow from now on.</summary>
    public bool HasImage { get; set; }
}
