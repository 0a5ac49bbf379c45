using System.Globalization;
using PerfTools.Common.Output;
using PerfTools.Common.Statistics;

namespace PerfTools.ProvPerf.Output;

/// <summary>One interval of one provider thread: a line of its stats file (guide §5.7.2).</summary>
internal readonly record struct ProvStatsRow(
    DateTime Utc,
    long Requests,
    long Images,
    long Updates,
    long PostsReflected,
    long GenMsgsSent,
    long GenMsgLatenciesSent,
    long GenMsgsReceived,
    RunningStatistics GenMsgLatency,
    double CpuPercent,
    double MemoryMegabytes)
{
    private static readonly CultureInfo Culture = CultureInfo.InvariantCulture;

    /// <summary>The stats file's columns, in the guide's order.</summary>
    public static IReadOnlyList<CsvColumn<ProvStatsRow>> Columns { get; } =
    [
        new("UTC", r => r.Utc.ToString("yyyy-MM-dd HH:mm", Culture)),
        new("Requests received", r => Count(r.Requests)),
        new("Images sent", r => Count(r.Images)),
        new("Updates sent", r => Count(r.Updates)),
        new("Posts reflected", r => Count(r.PostsReflected)),
        new("GenMsgs sent", r => Count(r.GenMsgsSent)),
        new("GenMsg Latencies sent", r => Count(r.GenMsgLatenciesSent)),
        new("GenMsgs received", r => Count(r.GenMsgsReceived)),
        new("GenMsg Latencies received", r => Count(r.GenMsgLatency.Count)),
        new("GenMsg Latency avg (usec)", r => Number(r.GenMsgLatency.Mean)),
        new("GenMsg Latency std dev (usec)", r => Number(r.GenMsgLatency.StandardDeviation)),
        new("GenMsg Latency max (usec)", r => Number(r.GenMsgLatency.Max)),
        new("GenMsg Latency min (usec)", r => Number(r.GenMsgLatency.Min)),
        new("CPU usage (%)", r => Number(r.CpuPercent)),
        new("Memory(MB)", r => Number(r.MemoryMegabytes)),
    ];

    private static string Count(long value) => value.ToString(Culture);

    // The guide's sample prints "0", "12.4", "12.53": at most two decimals, no trailing zeros.
    private static string Number(double value) => value.ToString("0.##", Culture);
}
