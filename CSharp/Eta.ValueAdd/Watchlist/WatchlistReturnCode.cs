namespace Eta.ValueAdd.Watchlist;

/// <summary>What <see cref="ConsumerWatchlist.Submit"/> made of a message; <see cref="ConsumerWatchlist.LastError"/> says why when negative.</summary>
public enum WatchlistReturnCode
{
    Success = 0,

    /// <summary>The channel refused the message (down, or it did not encode).</summary>
    Failure = -1,

    /// <summary>No output buffer for a post or generic message now: submit it again later.</summary>
    NoBuffers = -4,

    /// <summary>The message cannot be accepted as it is (the error says which rule it broke).</summary>
    InvalidUsage = -5,
}
