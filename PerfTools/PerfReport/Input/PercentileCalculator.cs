namespace PerfTools.PerfReport.Input;

/// <summary>
/// Computes a percentile distribution from raw latencies, at the percentile levels HdrHistogram reports (five steps per
/// halving of the remaining distance to 100%), so a log without an <c>.hgrm</c> plots on the same axis.
/// Exact (nearest-rank on the sorted samples), not bucketed.
/// </summary>
internal static class PercentileCalculator
{
    private const int StepsPerHalfDistance = 5;

    public static PercentileDistribution FromSamples(string label, string source, ReadOnlySpan<double> latencyMicros)
    {
        double[] sorted = latencyMicros.ToArray();
        Array.Sort(sorted);
        long n = sorted.Length;
        var points = new List<PercentilePoint>();
        if (n > 0)
        {
            // Levels stop where fewer than one sample remains above; the 100% row is the maximum.
            double last = 1.0 - 1.0 / n;
            for (double level = 0; level < last; level = NextLevel(level))
            {
                long rank = Math.Clamp((long)Math.Ceiling(level * n), 1, n);
                points.Add(new PercentilePoint(sorted[rank - 1], level, rank));
            }
            points.Add(new PercentilePoint(sorted[^1], 1.0, n));
        }
        double? mean = n > 0 ? sorted.Average() : null;
        double? max = n > 0 ? sorted[^1] : null;
        return new PercentileDistribution(label, source, points, mean, max);
    }

    /// <summary>The value at <paramref name="fraction"/> (0..1) of sorted samples, nearest rank.</summary>
    public static double At(ReadOnlySpan<double> sorted, double fraction) =>
        sorted[(int)Math.Clamp(Math.Ceiling(fraction * sorted.Length) - 1, 0, sorted.Length - 1)];

    private static double NextLevel(double level)
    {
        int halvings = (int)Math.Floor(Math.Log2(1.0 / (1.0 - level)));
        return level + 1.0 / (StepsPerHalfDistance * Math.Pow(2, halvings + 1));
    }
}
