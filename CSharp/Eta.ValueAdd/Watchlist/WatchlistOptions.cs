using System.Diagnostics;

namespace Eta.ValueAdd.Watchlist;

/// <summary>
/// How a <see cref="ConsumerWatchlist"/> behaves. Defaults are those of LSEG's ConsumerWatchlistOptions
/// (request and post-ack timeouts 15 s, at most 100,000 posts awaiting an ack).
/// </summary>
public sealed record WatchlistOptions
{
    /// <summary>Time a request may wait for its refresh before the application is told and it is sent again; zero disables it.</summary>
    public TimeSpan RequestTimeout { get; init; } = TimeSpan.FromSeconds(15);

    /// <summary>Time a post that asked for an ack may wait for it before the application gets a NoResponse nak.</summary>
    public TimeSpan PostAckTimeout { get; init; } = TimeSpan.FromSeconds(15);

    /// <summary>Posts asking for an ack that may be outstanding at once; a post beyond it is refused.</summary>
    public int MaxOutstandingPosts { get; init; } = 100_000;

    /// <summary>First stream id the watchlist opens towards the provider (the ids below are the role's admin streams).</summary>
    public int FirstStreamId { get; init; } = 5;

    /// <summary>Items the application expects to open: sizes the tables once instead of growing them.</summary>
    public int ItemCountHint { get; init; }

    /// <summary>
    /// Whether a Closed-Recover item is re-requested (LSEG's login SingleOpen, on by default). Off: the application
    /// gets the Closed-Recover status and the request ends.
    /// </summary>
    public bool SingleOpen { get; init; } = true;

    internal long RequestTimeoutTicks => ToTicks(RequestTimeout);

    internal long PostAckTimeoutTicks => ToTicks(PostAckTimeout);

    /// <summary>Throws <see cref="ArgumentOutOfRangeException"/> naming the first option out of range.</summary>
    public void Validate()
    {
        if (RequestTimeout < TimeSpan.Zero)
            throw new ArgumentOutOfRangeException(nameof(RequestTimeout), RequestTimeout, "must not be negative");
        if (PostAckTimeout <= TimeSpan.Zero)
            throw new ArgumentOutOfRangeException(nameof(PostAckTimeout), PostAckTimeout, "must be positive");
        if (MaxOutstandingPosts < 0)
            throw new ArgumentOutOfRangeException(nameof(MaxOutstandingPosts), MaxOutstandingPosts, "must not be negative");
        if (FirstStreamId < 1)
            throw new ArgumentOutOfRangeException(nameof(FirstStreamId), FirstStreamId, "stream ids towards the provider are positive");
        if (ItemCountHint < 0)
            throw new ArgumentOutOfRangeException(nameof(ItemCountHint), ItemCountHint, "must not be negative");
    }

    private static long ToTicks(TimeSpan span) => (long)(span.TotalSeconds * Stopwatch.Frequency);
}
