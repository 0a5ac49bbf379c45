namespace PerfTools.TransportPerf.Network;

/// <summary>Outcome of a channel operation, as TransportPerf needs to tell them apart (hot path: no exceptions).</summary>
internal enum ChannelResult
{
    /// <summary>Done; nothing left queued.</summary>
    Success,

    /// <summary>Accepted, but data waits in the transport's output queue: call Flush later.</summary>
    Queued,

    /// <summary>No output buffer available right now; try again next tick.</summary>
    NoBuffers,

    /// <summary>The channel is gone (peer closed or fatal error); see <see cref="IPerfChannel.CloseReason"/>.</summary>
    Closed,
}
