using Eta.Codec;

namespace Eta.ValueAdd.Watchlist;

/// <summary>What writing one message towards the provider came to.</summary>
public enum WatchlistSendResult
{
    Sent,

    /// <summary>No output buffer now: a request is kept and sent again on the next <see cref="ConsumerWatchlist.Dispatch"/>.</summary>
    NoBuffers,

    /// <summary>The channel cannot take it (down, or the message did not encode).</summary>
    Failed,
}

/// <summary>The provider side of a watchlist: the consumer role's channel.</summary>
public interface IWatchlistChannel
{
    /// <summary>Encodes <paramref name="msg"/> into an output buffer and writes it. Its spans are valid during the call only.</summary>
    WatchlistSendResult Send(scoped in Msg msg);
}

/// <summary>The application side of a watchlist.</summary>
public interface IWatchlistListener
{
    /// <summary>
    /// One message for one application stream: <c>msg.StreamId</c> is the application's stream id (a message the
    /// provider sent once is delivered once per application stream on that item). <c>msg.EncodedMsg</c> is the
    /// provider's bytes, with the provider's stream id, when only the stream id differs; it is empty when the
    /// watchlist made the message (statuses, naks) or changed more (a snapshot's NonStreaming state). Valid during
    /// the call only.
    /// </summary>
    void OnMsg(scoped in Msg msg);
}
