using Eta.ValueAdd;
using Eta.ValueAdd.Watchlist;
using PerfTools.ConsPerf.Options;

namespace PerfTools.ConsPerf.Reactor;

/// <summary>
/// <c>-watchlist</c>: the reactor mode with the consumer watchlist between the session and the channel. The session is
/// the reactor mode's own (same requests, bursts and receiver); the watchlist rewrites stream ids both ways and
/// delivers bytes that match, so nothing else changes. As LSEG's ConsPerf does in this mode, the request timer is
/// off (it costs per request and a performance run has none to recover) and the tables are sized for the item count.
/// </summary>
internal static class WatchlistMode
{
    /// <summary>Stream ids the watchlist opens towards the provider start here: 1 and 2 are login and directory, 3 and 4 the reactor's dictionary streams.</summary>
    public const int FirstProviderStreamId = 5;

    public static ConsumerRole Apply(ConsumerRole role, ConsPerfOptions options, int itemCount) =>
        options.UseWatchlist
            ? role.EnableWatchlist(new WatchlistOptions
            {
                RequestTimeout = TimeSpan.Zero,
                ItemCountHint = itemCount,
                FirstStreamId = FirstProviderStreamId,
            })
            : role;
}
