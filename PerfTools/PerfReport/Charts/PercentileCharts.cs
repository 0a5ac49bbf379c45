using PerfTools.PerfReport.Input;

namespace PerfTools.PerfReport.Charts;

/// <summary>
/// The latency percentile distribution on HdrHistogram's axis (x = log10(1/(1-p)), so 90%, 99%, 99.9%, ... are evenly
/// spaced): every <c>.hgrm</c> of every run, and for each latency log without an <c>.hgrm</c> of the same name, the
/// distribution computed from its samples (one per message type).
/// </summary>
internal static class PercentileCharts
{
    /// <summary>The distributions to draw and tabulate, with legend names.</summary>
    public static List<(string Name, PercentileDistribution Distribution)> Collect(IReadOnlyList<RunFolder> runs, SeriesNames names)
    {
        var all = new List<(string, PercentileDistribution)>();
        foreach (RunFolder run in runs)
        {
            foreach (PercentileDistribution d in run.Distributions)
                all.Add((names.Of(run.Name, d.Label, "(.hgrm)"), d));
            foreach (LatencyLog log in run.LatencyLogs.Where(l => !run.Distributions.Any(d => d.Label == l.Label)))
            {
                foreach (LatencySamples samples in log.ByType.Where(s => s.LatencyMicros.Length > 0))
                {
                    string figure = (samples.MessageType.Length > 0 ? samples.MessageType + " " : "") + "(from CSV)";
                    all.Add((names.Of(run.Name, log.Label, figure),
                        PercentileCalculator.FromSamples(log.Label, $"{log.Label}.csv {samples.MessageType}".Trim(), samples.LatencyMicros)));
                }
            }
        }
        return all;
    }

    public static ChartSpec? Build(List<(string Name, PercentileDistribution Distribution)> distributions)
    {
        var series = new List<ChartSeries>();
        foreach ((string name, PercentileDistribution d) in distributions)
        {
            // The 100% row has no finite position on this axis; the maximum is in the table below the chart.
            PercentilePoint[] finite = d.Points.Where(p => p.Percentile < 1).ToArray();
            if (finite.Length > 0)
                series.Add(new ChartSeries(name, finite.Select(p => AxisPosition(p.Percentile)).ToArray(),
                    finite.Select(p => p.ValueMicros).ToArray()));
        }
        if (series.Count == 0)
            return null;
        return new ChartSpec("latency-percentiles", "Latency by percentile", "percentile", "latency (µs)", series,
            "HdrHistogram's percentile distribution: each point is the latency at or below which that share of samples fell. " +
            "The x axis is log10(1/(1-percentile)).", XAxisKind.PercentileLog);
    }

    public static double AxisPosition(double percentile) => Math.Log10(1.0 / (1.0 - percentile));

    /// <summary>Tick label for a whole axis position: 0 → "0%", 1 → "90%", 2 → "99%", 3 → "99.9%", ...</summary>
    public static string TickLabel(int position) => position switch
    {
        0 => "0%",
        1 => "90%",
        2 => "99%",
        _ => "99." + new string('9', position - 2) + "%",
    };
}
