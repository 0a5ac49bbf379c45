using System.Globalization;
using PerfTools.Common.Output;
using PerfTools.Common.Statistics;

namespace PerfTools.ConsPerf.Output;

/// <summary>One row of ConsStats&lt;N&gt;.csv: a thread's interval figures with the process's CPU/memory sample.</summary>
public sealed record StatsRow(DateTime Utc, IntervalFigures Figures, double CpuPercent, double MemoryMb);

/// <summary>The columns of ConsStats&lt;N&gt;.csv, in the guide's order (§4.6.2).</summary>
public static class StatsColumns
{
    private static readonly CultureInfo C = CultureInfo.InvariantCulture;

    public static IReadOnlyList<CsvColumn<StatsRow>> All { get; } =
    [
        new("UTC", r => r.Utc.ToString("yyyy-MM-dd HH:mm:ss", C)),
        .. LatencyColumns("Latency", r => r.Figures.UpdateLatency, countHeader: "Latency updates", wholeExtremes: true),
        new("Images", r => r.Figures.Images.ToString(C)),
        new("Update rate", r => r.Figures.UpdateRate.ToString("0", C)),
        .. LatencyColumns("Posting Latency", r => r.Figures.PostLatency, countHeader: "Posting Latency updates", wholeExtremes: false),
        new("GenMsgs sent", r => r.Figures.GenMsgsSent.ToString(C)),
        new("GenMsg Latencies sent", r => r.Figures.LatencyGenMsgsSent.ToString(C)),
        new("GenMsgs received", r => r.Figures.GenMsgsReceived.ToString(C)),
        .. LatencyColumns("GenMsg Latency", r => r.Figures.GenMsgLatency, countHeader: "GenMsg Latencies received", wholeExtremes: false),
        new("CPU usage (%)", r => r.CpuPercent.ToString("0.00", C)),
        new("Memory(MB)", r => r.MemoryMb.ToString("0", C)),
    ];

    private static CsvColumn<StatsRow>[] LatencyColumns(string name, Func<StatsRow, RunningStatistics> of, string countHeader,
        bool wholeExtremes)
    {
        string extremes = wholeExtremes ? "0" : "0.0";
        return
        [
            new(countHeader, r => of(r).Count.ToString(C)),
            new($"{name} avg (usec)", r => of(r).Mean.ToString("0.0", C)),
            new($"{name} std dev (usec)", r => of(r).StandardDeviation.ToString("0.0", C)),
            new($"{name} max (usec)", r => of(r).Max.ToString(extremes, C)),
            new($"{name} min (usec)", r => of(r).Min.ToString(extremes, C)),
        ];
    }
}
