using PerfTools.PerfReport.Input;

namespace PerfTools.PerfReport.Charts;

/// <summary>
/// Every latency sample of the latency logs against its receive time (the guide's Figure 26). Logs with more samples
/// than can be drawn as points are reduced to the median and maximum per time slice, so spikes stay visible.
/// </summary>
internal static class LatencySampleCharts
{
    private const int MaxPoints = 20_000;
    private const int Slices = 1_000;

    public static ChartSpec? Build(IReadOnlyList<RunFolder> runs, SeriesNames names)
    {
        var series = new List<ChartSeries>();
        bool reduced = false;
        foreach (RunFolder run in runs)
        {
            foreach (LatencyLog log in run.LatencyLogs)
            {
                foreach (LatencySamples s in log.ByType.Where(s => s.LatencyMicros.Length > 0))
                {
                    string type = s.MessageType.Length > 0 ? s.MessageType + " " : "";
                    if (s.LatencyMicros.Length <= MaxPoints)
                    {
                        series.Add(new ChartSeries(names.Of(run.Name, log.Label, type + "samples"), s.ReceiveSeconds, s.LatencyMicros,
                            SeriesStyle.Points));
                        continue;
                    }
                    reduced = true;
                    (double[] xs, double[] median, double[] max) = Slice(s);
                    series.Add(new ChartSeries(names.Of(run.Name, log.Label, type + "median"), xs, median));
                    series.Add(new ChartSeries(names.Of(run.Name, log.Label, type + "max"), xs, max, SeriesStyle.Dashed));
                }
            }
        }
        if (series.Count == 0)
            return null;
        return new ChartSpec("latency-samples", "Latency samples over time", "time since the log's first sample (s)",
            "latency (µs)", series,
            "Each latency sample of the latency logs (-latencyFile) at the time it was received" +
            (reduced ? $"; logs of more than {MaxPoints:N0} samples are drawn as the median and maximum of {Slices:N0} time slices." : "."));
    }

    private static (double[] Xs, double[] Median, double[] Max) Slice(LatencySamples s)
    {
        double end = s.ReceiveSeconds.Max();
        double width = end > 0 ? end / Slices : 1;
        var buckets = new List<double>[Slices];
        for (int i = 0; i < s.LatencyMicros.Length; i++)
        {
            int b = Math.Clamp((int)(s.ReceiveSeconds[i] / width), 0, Slices - 1);
            (buckets[b] ??= []).Add(s.LatencyMicros[i]);
        }
        var xs = new List<double>();
        var median = new List<double>();
        var max = new List<double>();
        for (int b = 0; b < Slices; b++)
        {
            if (buckets[b] is not { Count: > 0 } values)
                continue;
            values.Sort();
            xs.Add((b + 0.5) * width);
            median.Add(PercentileCalculator.At(System.Runtime.InteropServices.CollectionsMarshal.AsSpan(values), 0.5));
            max.Add(values[^1]);
        }
        return (xs.ToArray(), median.ToArray(), max.ToArray());
    }
}
