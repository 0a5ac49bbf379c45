using PerfTools.Common.Statistics;
using PerfTools.ProvPerf.Threads;

namespace PerfTools.ProvPerf.Statistics;

/// <summary>What ProvPerf counts per provider thread, in the order of <see cref="ProvStatistics.Layout"/>.</summary>
internal enum ProvCounter
{
    Requests,
    Images,
    Updates,
    PostsReflected,
    GenMsgsSent,
    GenMsgLatenciesSent,
    GenMsgsReceived,
    Closes,
    OutOfBuffers,
    MessagesWritten,
    BuffersWritten,
    UpdatesBehindSchedule,
}

/// <summary>ProvPerf's latency streams: generic message latencies (logged with -latencyFile) and login round trips.</summary>
internal enum ProvLatency
{
    GenMsg,
    RoundTrip,
}

/// <summary>
/// ProvPerf's configuration of the common <see cref="StatsCollector{TThread}"/>: its counters, latency streams and the
/// columns of ProvStats&lt;N&gt;.csv (guide §5.7.2). The guide's sample prints "0", "12.4", "12.53": at most two
/// decimals, no trailing zeros.
/// </summary>
internal static class ProvStatistics
{
    private const string Number = "0.##";

    public static StatsLayout<ProviderThreadStats> Layout { get; } = new(
        counters:
        [
            t => t.Requests.Total, t => t.Images.Total, t => t.Updates.Total, t => t.PostsReflected.Total,
            t => t.GenMsgsSent.Total, t => t.GenMsgLatenciesSent.Total, t => t.GenMsgsReceived.Total, t => t.Closes.Total,
            t => t.OutOfBuffers.Total, t => t.MessagesWritten.Total, t => t.BuffersWritten.Total, t => t.UpdatesBehindSchedule.Total,
        ],
        latencies:
        [
            new(t => t.GenMsgLatencies, FileTag: "Gen"),
            new(t => t.RoundTrips, Logged: false),
        ],
        columns:
        [
            StatsColumn.Utc("UTC", "yyyy-MM-dd HH:mm:ss"),
            StatsColumn.Count("Requests received", (int)ProvCounter.Requests),
            StatsColumn.Count("Images sent", (int)ProvCounter.Images),
            StatsColumn.Count("Updates sent", (int)ProvCounter.Updates),
            StatsColumn.Count("Posts reflected", (int)ProvCounter.PostsReflected),
            StatsColumn.Count("GenMsgs sent", (int)ProvCounter.GenMsgsSent),
            StatsColumn.Count("GenMsg Latencies sent", (int)ProvCounter.GenMsgLatenciesSent),
            StatsColumn.Count("GenMsgs received", (int)ProvCounter.GenMsgsReceived),
            StatsColumn.Latency("GenMsg Latencies received", (int)ProvLatency.GenMsg, LatencyField.Count),
            StatsColumn.Latency("GenMsg Latency avg (usec)", (int)ProvLatency.GenMsg, LatencyField.Mean, Number),
            StatsColumn.Latency("GenMsg Latency std dev (usec)", (int)ProvLatency.GenMsg, LatencyField.StandardDeviation, Number),
            StatsColumn.Latency("GenMsg Latency max (usec)", (int)ProvLatency.GenMsg, LatencyField.Max, Number),
            StatsColumn.Latency("GenMsg Latency min (usec)", (int)ProvLatency.GenMsg, LatencyField.Min, Number),
            StatsColumn.Cpu("CPU usage (%)", Number),
            StatsColumn.Memory("Memory(MB)", Number),
        ]);
}
