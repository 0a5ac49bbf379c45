using System.Text.RegularExpressions;
using PerfTools.PerfReport.Input;

namespace PerfTools.PerfReport.Charts;

/// <summary>
/// The over-time charts drawn from stats CSVs: message rates, item requests and images, data rates, latency per family (avg, max, percentiles
/// where the file has them), CPU and memory. One series per stats file (so per thread) and figure, for every run given.
/// Series that are zero throughout are left out so quiet columns (posts, generic messages) do not crowd the legend.
/// </summary>
internal static partial class StatsCharts
{
    private const string TimeLabel = "time since the run's first tool started (s)";
    private const double BytesPerMegabyte = 1024 * 1024; // the tools' "MB" (TransportPerf's summary divides by 2^20)

    public static IEnumerable<ChartSpec> Build(IReadOnlyList<RunFolder> runs, SeriesNames names)
    {
        var rates = new List<ChartSeries>();
        var images = new List<ChartSeries>();
        var bytes = new List<ChartSeries>();
        var cpu = new List<ChartSeries>();
        var memory = new List<ChartSeries>();
        var latency = new Dictionary<string, List<ChartSeries>>(StringComparer.OrdinalIgnoreCase);

        foreach (RunFolder run in runs)
        {
            DateTime? origin = StatsTimeline.Origin(run);
            foreach (StatsTable table in run.Stats)
            {
                double[] xs = StatsTimeline.Seconds(table, origin);
                double[] lengths = table.RowSeconds();
                ChartSeries Series(string header, double scale, SeriesStyle style = SeriesStyle.Line) =>
                    new(names.Of(run.Name, table.Label, header + (scale == 1 ? "" : " /s")), xs,
                        table.Column(header)!.Select(v => v * scale).ToArray(), style);
                // A count per interval over the interval's real length: the last, cut-short interval is not a slump.
                ChartSeries PerSecond(string header, double scale = 1) =>
                    new(names.Of(run.Name, table.Label, header + " /s"), xs,
                        table.Column(header)!.Select((v, i) => v * scale / lengths[i]).ToArray());

                foreach (string header in table.Headers)
                {
                    switch (StatsColumnKinds.Of(header))
                    {
                        case StatsColumnKind.Rate: rates.Add(Series(header, 1)); break;
                        case StatsColumnKind.CountPerInterval: rates.Add(PerSecond(header)); break;
                        case StatsColumnKind.ImagesPerInterval: images.Add(PerSecond(header)); break;
                        case StatsColumnKind.BytesPerInterval:
                            bytes.Add(PerSecond(header, 1 / BytesPerMegabyte) with
                                { Name = names.Of(run.Name, table.Label, header.Replace("Bytes", "MB", StringComparison.OrdinalIgnoreCase) + " /s") });
                            break;
                        case StatsColumnKind.Cpu: cpu.Add(Series(header, 1)); break;
                        case StatsColumnKind.Memory: memory.Add(Series(header, 1)); break;
                    }
                    if (StatsColumnKinds.LatencyFamily(header) is string family)
                    {
                        if (!latency.TryGetValue(family, out List<ChartSeries>? list))
                            latency[family] = list = [];
                        list.AddRange(LatencySeries(run, table, family, xs, names));
                    }
                }
            }
        }

        string interval = "Counts per stats interval are divided by the interval's real length (the files' \"Interval (sec)\" " +
            "column; -writeStatsInterval for files without it) to give per-second rates, so a run's last, shorter interval is not a slump. " +
            "A series drawn exactly on an earlier one is dashed over it and says so in the legend.";
        yield return Chart("rates", "Message rates", "messages per second", rates, interval);
        yield return Chart("requests-images", "Item requests and images", "per second", images, interval);
        if (NonEmpty(bytes).Count > 0)
            yield return Chart("data-rates", "Data rates", "MB per second (1 MB = 2^20 bytes)", bytes, interval);
        foreach ((string family, List<ChartSeries> series) in latency)
        {
            yield return Chart("latency-" + Slug(family), $"{family} over time", "latency (µs, log scale)", series,
                "Solid: average per stats interval; dashed: maximum; other solid lines: percentiles where the stats file has them. " +
                "The latency axis is logarithmic, so a start-up spike of milliseconds does not flatten the steady state's microseconds. " +
                "Intervals with no latency samples are left out.") with { LogY = true };
        }
        yield return Chart("cpu", "CPU usage", "CPU (%)", cpu, "Process CPU usage per stats interval, as each tool samples it.");
        yield return Chart("memory", "Memory usage", "memory (MB)", memory, "Process memory per stats interval, as each tool samples it.");
    }

    private static IEnumerable<ChartSeries> LatencySeries(RunFolder run, StatsTable table, string family, double[] xs, SeriesNames names)
    {
        double[] avg = table.Column($"{family} avg (usec)")!;
        double[] max = table.Column($"{family} max (usec)") ?? new double[avg.Length];
        // A row with no latency samples is written as zeros; it is "no data", not a latency of 0.
        bool[] has = avg.Select((a, i) => (a > 0 || max[i] > 0) && !double.IsNaN(a)).ToArray();
        ChartSeries Masked(string figure, double[] ys, SeriesStyle style) => new(names.Of(run.Name, table.Label, figure),
            xs.Where((_, i) => has[i] && !double.IsNaN(ys[i])).ToArray(), ys.Where((y, i) => has[i] && !double.IsNaN(y)).ToArray(), style);

        yield return Masked($"{family} avg", avg, SeriesStyle.Line);
        if (table.Column($"{family} max (usec)") is not null)
            yield return Masked($"{family} max", max, SeriesStyle.Dashed);
        foreach (string header in table.Headers)
        {
            Match p = PercentileColumn().Match(header);
            if (p.Success && p.Groups[1].Value.Trim().Equals(family, StringComparison.OrdinalIgnoreCase))
                yield return Masked($"{family} {p.Groups[2].Value}", table.Column(header)!, SeriesStyle.Line);
        }
    }

    private static ChartSpec Chart(string file, string title, string yLabel, List<ChartSeries> series, string caption) =>
        new(file, title, TimeLabel, yLabel, NonEmpty(series), caption);

    /// <summary>Series with at least one non-zero number.</summary>
    private static List<ChartSeries> NonEmpty(List<ChartSeries> series) =>
        series.Where(s => s.Ys.Any(y => !double.IsNaN(y) && y != 0)).ToList();

    private static string Slug(string text) => SlugBreak().Replace(text.ToLowerInvariant(), "-").Trim('-');

    [GeneratedRegex(@"^(.*?)\s*(p[0-9.]+)\s*\(usec\)$", RegexOptions.IgnoreCase)]
    private static partial Regex PercentileColumn();

    [GeneratedRegex("[^a-z0-9]+")]
    private static partial Regex SlugBreak();
}
