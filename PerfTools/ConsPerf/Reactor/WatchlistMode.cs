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
    /// <summary>
    /// Where the watchlist's provider stream ids start: after login (1) and directory (2), and after the reactor's
    /// dictionary streams (3 and 4) only when it downloads dictionaries. ConsPerf loads them from files, so its
    /// provider streams start at 3, where its own item streams start (<see cref="Session.ItemStreamTable.FirstStreamId"/>):
    /// requested in order, each item then has the same id on both sides and the watchlist passes the provider's bytes
    /// on as they are instead of copying each message to give it the application's id.
    /// </summary>
    public static int FirstProviderStreamId(ConsumerRole role) =>
        role.DictionaryDownload == DictionaryDownloadMode.None ? ReactorConnectSettings.DirectoryStreamId + 1 : ConsumerRole.EnumDictionaryStreamId + 1;

    public static ConsumerRole Apply(ConsumerRole role, ConsPerfOptions options, int itemCount) =>
        options.UseWatchlist
            ? role.EnableWatchlist(new WatchlistOptions
            {
                RequestTimeout = TimeSpan.Zero,
                ItemCountHint = itemCount,
                FirstStreamId = FirstProviderStreamId(role),
            })
            : role;
}
