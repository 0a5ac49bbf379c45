using System.Globalization;
using PerfTools.Common.Output;
using PerfTools.TransportPerf.Statistics;

namespace PerfTools.TransportPerf.Output;

/// <summary>The columns of TransportPerf's statistics file (guide §7.8.2), as data for <see cref="StatsFileWriter{TRow}"/>.</summary>
internal static class TransportStatsColumns
{
    private const double NanosecondsPerMicrosecond = 1000.0;

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static IReadOnlyList<CsvColumn<TransportStatsRow>> All { get; } =
    [
        new("UTC", r => r.Utc.ToString("yyyy-MM-dd HH:mm:ss", Invariant)),
        new("Msgs sent", r => Whole(r.MsgsSent)),
        new("Bytes sent", r => Whole(r.BytesSent)),
        new("Msgs received", r => Whole(r.MsgsReceived)),
        new("Bytes received", r => Whole(r.BytesReceived)),
        new("Latency msgs received", r => Whole(r.Latency.Count)),
        new("Latency avg (usec)", r => Micro(r.Latency.Mean)),
        new("Latency std dev (usec)", r => Micro(r.Latency.StandardDeviation)),
        new("Latency max (usec)", r => Micro(r.Latency.Max)),
        new("Latency min (usec)", r => Micro(r.Latency.Min)),
        new("CPU usage (%)", r => r.CpuPercent.ToString("F2", Invariant)),
        new("Memory (MB)", r => r.MemoryMegabytes.ToString("F2", Invariant)),
    ];

    private static string Whole(long value) => value.ToString(Invariant);

    private static string Micro(double nanoseconds) => (nanoseconds / NanosecondsPerMicrosecond).ToString("F3", Invariant);
}
