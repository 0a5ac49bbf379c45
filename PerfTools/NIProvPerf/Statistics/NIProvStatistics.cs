using PerfTools.Common.Provider;
using PerfTools.Common.Statistics;

namespace PerfTools.NIProvPerf.Statistics;

/// <summary>What NIProvPerf counts per provider thread, in the order of <see cref="NIProvStatistics.Layout"/>.</summary>
internal enum NIProvCounter
{
    Images,
    Updates,
    OutOfBuffers,
    MessagesWritten,
    BuffersWritten,
    UpdatesBehindSchedule,
}

/// <summary>
/// NIProvPerf's configuration of the common <see cref="StatsCollector{TThread}"/>: its counters and the columns of
/// NIProvStats&lt;N&gt;.csv (guide §6.7.2). The guide's sample rows hold a requests column (always 0 for a
/// non-interactive provider) before the images, as LSEG's tools write them; the header names it so a reader by name
/// finds each column where its values are.
/// </summary>
internal static class NIProvStatistics
{
    public static StatsLayout<PublishingStats> Layout { get; } = new(
        counters:
        [
            t => t.Images.Total, t => t.Updates.Total, t => t.OutOfBuffers.Total, t => t.MessagesWritten.Total,
            t => t.BuffersWritten.Total, t => t.UpdatesBehindSchedule.Total,
        ],
        latencies: [],
        columns:
        [
            StatsColumn.Utc("UTC", "yyyy-MM-dd HH:mm:ss"),
            StatsColumn.Text("Requests received", "0"),
            StatsColumn.Count("Images sent", (int)NIProvCounter.Images),
            StatsColumn.Count("Updates sent", (int)NIProvCounter.Updates),
            StatsColumn.Cpu("CPU usage (%)", "0.00"),
            StatsColumn.Memory("Memory (MB)", "0.00"),
        ]);
}
