using Eta.Codec;

namespace Eta.ValueAdd.Watchlist;

/// <summary>Turning the watchlist on for a consumer role, and submitting by service name through it.</summary>
public static class WatchlistRoleExtensions
{
    /// <summary>
    /// Every channel of <paramref name="role"/> gets its own watchlist (LSEG's <c>enableWatchlist</c>): item requests,
    /// closes, posts and generic messages go through it, and item messages come back through it.
    /// </summary>
    public static ConsumerRole EnableWatchlist(this ConsumerRole role, WatchlistOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(role);
        WatchlistOptions chosen = options ?? new WatchlistOptions();
        chosen.Validate();
        role.ItemLayerFactory = channel => new WatchlistItemLayer(channel, chosen);
        return role;
    }

    /// <summary>The watchlist of a channel whose role has it on, else null (for its counters).</summary>
    public static ConsumerWatchlist? Watchlist(this ReactorChannel channel) => (channel.ItemLayer as WatchlistItemLayer)?.Watchlist;

    /// <summary>
    /// Submits an item message naming its service by name (the key then carries no service id), as LSEG's
    /// <c>ReactorSubmitOptions.serviceName</c>: the watchlist resolves it from the directory, and waits for it when
    /// it is not there yet. Needs the watchlist (<see cref="EnableWatchlist"/>).
    /// </summary>
    public static ReactorReturnCode Submit(this ReactorChannel channel, scoped in Msg msg, string serviceName)
    {
        ArgumentNullException.ThrowIfNull(channel);
        ArgumentNullException.ThrowIfNull(serviceName);
        if (channel.ItemLayer is not WatchlistItemLayer layer)
            return channel.Fail(ReactorReturnCode.Failure, "Submit by service name needs the watchlist (ConsumerRole.EnableWatchlist).");
        return layer.Submit(msg, null, serviceName);
    }
}
