using System.Globalization;
using PerfTools.Common.Output;

namespace PerfTools.PerfHub.Output;

/// <summary>The statistics file's columns, in the guide's CSV style (§10.2: "UTC, ..." header, ", " separators, per-interval counts).</summary>
internal static class HubStatsColumns
{
    private static string N(long value) => value.ToString(CultureInfo.InvariantCulture);

    public static readonly CsvColumn<HubStatsRow>[] All =
    [
        new("UTC", r => r.Utc.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture)),
        new("Msgs in", r => N(r.MessagesIn)),
        new("Msgs out", r => N(r.MessagesOut)),
        new("Updates in", r => N(r.UpdatesIn)),
        new("Posts in", r => N(r.PostsIn)),
        new("Fan-out msgs", r => N(r.FanOut)),
        new("Msgs dropped", r => N(r.Dropped)),
        new("Cached items", r => N(r.CachedItems)),
        new("Consumers", r => N(r.Consumers)),
        new("Providers", r => N(r.Providers)),
        new("CPU usage (%)", r => r.CpuPercent.ToString("F2", CultureInfo.InvariantCulture)),
        new("Memory (MB)", r => r.MemoryMegabytes.ToString("F2", CultureInfo.InvariantCulture)),
        new("Images queued", r => N(r.ImagesQueued)),
    ];
}
