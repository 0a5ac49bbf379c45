namespace PerfTools.Common.Network;

/// <summary>The one outcome of a write or flush through <see cref="WriteRetry"/>.</summary>
public enum WriteOutcome
{
    /// <summary>Everything reached the socket.</summary>
    Done,

    /// <summary>Accepted; bytes wait in the transport's queue: flush again later (when the socket is writable).</summary>
    Queued,

    /// <summary>
    /// A fragmented message still lacked output buffers after the bounded flush-and-retry: part of it may be on the
    /// wire, so the buffer is still the caller's and must be written again later (or the channel closed).
    /// </summary>
    CallAgain,

    /// <summary>The channel failed; its error says why.</summary>
    Failed,
}
