using PerfTools.PerfHub.Routing;

namespace PerfTools.PerfHub.Cache;

/// <summary>One consumer stream open on a cached item.</summary>
internal sealed class Subscription(Peer consumer, int streamId, CachedItem item, bool streaming)
{
    public Peer Consumer { get; } = consumer;

    public int StreamId { get; } = streamId;

    public CachedItem Item { get; } = item;

    public bool Streaming { get; } = streaming;

    /// <summary>The solicited image has been written: updates flow from now on.</summary>
    public bool HasImage { get; set; }

    /// <summary>An image is queued for this stream (no output buffer was free); it is written on a later pass.</summary>
    public bool ImageQueued { get; set; }

    /// <summary>The queued image answers a request (solicited), rather than following a new refresh.</summary>
    public bool QueuedSolicited { get; set; }

    /// <summary>The stream was closed; a queued image for it is skipped.</summary>
    public bool Closed { get; set; }
}
