using PerfTools.Common.Statistics;

namespace PerfTools.ConsPerf.Statistics;

/// <summary>What ConsPerf counts per consumer thread, in the order of <see cref="ConsStatistics.Layout"/>.</summary>
public enum ConsCounter
{
    Images,
    Updates,
    PostsSent,
    PostsOutOfBuffers,
    GenMsgsSent,
    LatencyGenMsgsSent,
    GenMsgsReceived,
    StatusMsgs,
}

/// <summary>
/// ConsPerf's configuration of the common <see cref="StatsCollector{TThread}"/>: its counters, its latency streams
/// (indexed by <see cref="LatencyKind"/>, tagged Upd/Pst/Gen in the latency file) and the columns of
/// ConsStats&lt;N&gt;.csv in the guide's order (§4.6.2).
/// </summary>
public static class ConsStatistics
{
    public static StatsLayout<ConsumerThreadStats> Layout { get; } = new(
        counters:
        [
            t => t.RefreshesReceived.Total, t => t.StartupUpdates.Total + t.SteadyStateUpdates.Total, t => t.PostsSent.Total,
            t => t.PostsOutOfBuffers.Total, t => t.GenMsgsSent.Total, t => t.LatencyGenMsgsSent.Total,
            t => t.GenMsgsReceived.Total, t => t.StatusMsgsReceived.Total,
        ],
        latencies:
        [
            new(t => t.Queue(LatencyKind.Update), "Upd", LatencySeries.HighestLatencyUsec),
            new(t => t.Queue(LatencyKind.Post), "Pst", LatencySeries.HighestLatencyUsec),
            new(t => t.Queue(LatencyKind.GenMsg), "Gen", LatencySeries.HighestLatencyUsec),
        ],
        columns:
        [
            StatsColumn.Utc("UTC", "yyyy-MM-dd HH:mm:ss"),
            .. LatencyColumns("Latency", LatencyKind.Update, countHeader: "Latency updates", wholeExtremes: true),
            StatsColumn.Count("Images", (int)ConsCounter.Images),
            StatsColumn.Rate("Update rate", (int)ConsCounter.Updates, "0"),
            .. LatencyColumns("Posting Latency", LatencyKind.Post, countHeader: "Posting Latency updates", wholeExtremes: false),
            StatsColumn.Count("GenMsgs sent", (int)ConsCounter.GenMsgsSent),
            StatsColumn.Count("GenMsg Latencies sent", (int)ConsCounter.LatencyGenMsgsSent),
            StatsColumn.Count("GenMsgs received", (int)ConsCounter.GenMsgsReceived),
            .. LatencyColumns("GenMsg Latency", LatencyKind.GenMsg, countHeader: "GenMsg Latencies received", wholeExtremes: false),
            StatsColumn.Cpu("CPU usage (%)", "0.00"),
            StatsColumn.Memory("Memory(MB)", "0"),
        ]);

    private static StatsColumn[] LatencyColumns(string name, LatencyKind kind, string countHeader, bool wholeExtremes)
    {
        string extremes = wholeExtremes ? "0" : "0.0";
        int stream = (int)kind;
        return
        [
            StatsColumn.Latency(countHeader, stream, LatencyField.Count),
            StatsColumn.Latency($"{name} avg (usec)", stream, LatencyField.Mean, "0.0"),
            StatsColumn.Latency($"{name} std dev (usec)", stream, LatencyField.StandardDeviation, "0.0"),
            StatsColumn.Latency($"{name} max (usec)", stream, LatencyField.Max, extremes),
            StatsColumn.Latency($"{name} min (usec)", stream, LatencyField.Min, extremes),
        ];
    }
}
