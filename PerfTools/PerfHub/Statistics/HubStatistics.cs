using PerfTools.Common.Statistics;
using PerfTools.PerfHub.Routing;
using PerfTools.PerfHub.Run;

namespace PerfTools.PerfHub.Statistics;

/// <summary>What the hub's stats file shows, in the order of <see cref="HubStatistics.Layout"/>.</summary>
internal enum HubCounter
{
    MessagesIn,
    MessagesOut,
    UpdatesIn,
    PostsIn,
    FanOut,
    MessagesDropped,
    CachedItems,
    Consumers,
    Providers,
    ImagesQueued,
}

/// <summary>What the collector reads the hub's figures from: its counters, its cache and (once running) its loop.</summary>
internal sealed class HubStatsSource(HubState hub)
{
    public HubState Hub { get; } = hub;

    public HubLoop? Loop { get; set; }
}

/// <summary>
/// PerfHub's configuration of the common <see cref="StatsCollector{TThread}"/>: the hub is one thread; its counters
/// are running totals (the collector shows each interval's growth) and its gauges (cached items, consumers,
/// providers) are shown as they stand at the end of the interval.
/// </summary>
internal static class HubStatistics
{
    public static StatsLayout<HubStatsSource> Layout { get; } = new(
        counters:
        [
            s => s.Hub.Counters.MessagesIn, s => s.Hub.Counters.MessagesOut, s => s.Hub.Counters.UpdatesIn,
            s => s.Hub.Counters.PostsIn, s => s.Hub.Counters.FanOut, s => s.Hub.Counters.MessagesDropped,
            s => s.Hub.Cache.Count, s => s.Loop?.ConsumerCount ?? 0, s => s.Loop?.ProviderCount ?? 0,
            s => s.Hub.Counters.ImagesQueued,
        ],
        latencies: [],
        columns:
        [
            StatsColumn.Utc("UTC", "yyyy-MM-dd HH:mm:ss"),
            StatsColumn.Count("Msgs in", (int)HubCounter.MessagesIn),
            StatsColumn.Count("Msgs out", (int)HubCounter.MessagesOut),
            StatsColumn.Count("Updates in", (int)HubCounter.UpdatesIn),
            StatsColumn.Count("Posts in", (int)HubCounter.PostsIn),
            StatsColumn.Count("Fan-out msgs", (int)HubCounter.FanOut),
            StatsColumn.Count("Msgs dropped", (int)HubCounter.MessagesDropped),
            StatsColumn.Total("Cached items", (int)HubCounter.CachedItems),
            StatsColumn.Total("Consumers", (int)HubCounter.Consumers),
            StatsColumn.Total("Providers", (int)HubCounter.Providers),
            StatsColumn.Cpu("CPU usage (%)", "F2"),
            StatsColumn.Memory("Memory (MB)", "F2"),
            StatsColumn.Count("Images queued", (int)HubCounter.ImagesQueued),
        ]);
}
