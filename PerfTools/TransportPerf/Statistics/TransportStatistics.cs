using PerfTools.Common.Statistics;

namespace PerfTools.TransportPerf.Statistics;

/// <summary>What TransportPerf counts per thread, in the order of <see cref="TransportStatistics.Layout"/>.</summary>
internal enum TransportCounter
{
    MsgsSent,
    BytesSent,
    MsgsReceived,
    BytesReceived,
    SequenceErrors,
    MissingMessages,
    OutOfBuffers,
    BehindSchedule,
    BytesWritten,
}

/// <summary>
/// TransportPerf's configuration of the common <see cref="StatsCollector{TThread}"/>: its counters, its one latency
/// stream (nanoseconds, logged without a message type) and the columns of its stats file (guide §7.8.2).
/// </summary>
internal static class TransportStatistics
{
    public const int Latency = 0;
    public const double NanosecondsPerMicrosecond = 1000.0;

    private const string Micro = "F3";

    public static StatsLayout<TransportThreadStats> Layout { get; } = new(
        counters:
        [
            t => t.MsgsSent.Total, t => t.BytesSent.Total, t => t.MsgsReceived.Total, t => t.BytesReceived.Total,
            t => t.SequenceErrors.Total, t => t.MissingMessages.Total, t => t.OutOfBuffers.Total,
            t => t.BehindSchedule.Total, t => t.BytesWritten.Total,
        ],
        latencies: [new(t => t.Latencies)],
        columns:
        [
            StatsColumn.Utc("UTC", "yyyy-MM-dd HH:mm:ss"),
            StatsColumn.Count("Msgs sent", (int)TransportCounter.MsgsSent),
            StatsColumn.Count("Bytes sent", (int)TransportCounter.BytesSent),
            StatsColumn.Count("Msgs received", (int)TransportCounter.MsgsReceived),
            StatsColumn.Count("Bytes received", (int)TransportCounter.BytesReceived),
            StatsColumn.Latency("Latency msgs received", Latency, LatencyField.Count),
            StatsColumn.Latency("Latency avg (usec)", Latency, LatencyField.Mean, Micro, NanosecondsPerMicrosecond),
            StatsColumn.Latency("Latency std dev (usec)", Latency, LatencyField.StandardDeviation, Micro, NanosecondsPerMicrosecond),
            StatsColumn.Latency("Latency max (usec)", Latency, LatencyField.Max, Micro, NanosecondsPerMicrosecond),
            StatsColumn.Latency("Latency min (usec)", Latency, LatencyField.Min, Micro, NanosecondsPerMicrosecond),
            StatsColumn.Cpu("CPU usage (%)", "F2"),
            StatsColumn.Memory("Memory (MB)", "F2"),
        ]);
}
