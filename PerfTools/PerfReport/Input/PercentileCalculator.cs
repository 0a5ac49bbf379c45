namespace PerfTools.PerfReport.Input;

/// <summary>
/// Computes a percentile distribution from raw latencies, at the percentile levels HdrHistogram reports (five steps per
/// halving of the remaining distance to 100%) plus p50, p90, p99, p99.9 and p99.99, so a log without an <c>.hgrm</c>
/// plots on the same axis.
/// Exact (nearest-rank on the sorted samples), not bucketed.
/// </summary>
internal static class PercentileCalculator
{
    private const int StepsPerHalfDistance = 5;

    /// <summary>Levels people quote (p50 ... p99.99), which HdrHistogram's steps do not all land on; added so they are exact.</summary>
    public static readonly double[] NamedLevels = [0.5, 0.9, 0.99, 0.999, 0.9999];

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
            var levels = new List<double>();
            for (double level = 0; level < last; level = NextLevel(level))
                levels.Add(level);
            levels.AddRange(NamedLevels.Where(named => named <= last + 1e-12 && !levels.Any(l => Math.Abs(l - named) < 1e-9)));
            levels.Sort();
            foreach (double level in levels)
            {
                long rank = Rank(level, n);
                points.Add(new PercentilePoint(sorted[rank - 1], level, rank));
            }
            points.Add(new PercentilePoint(sorted[^1], 1.0, n));
        }
        double? mean = n > 0 ? sorted.Average() : null;
        double? max = n > 0 ? sorted[^1] : null;
        return new PercentileDistribution(label, source, points, mean, max);
    }

    /// <summary>The value at <paramref name="fraction"/> (0..1) of sorted samples, nearest rank.</summary>
    public static double At(ReadOnlySpan<double> sorted, double fraction) => sorted[(int)Rank(fraction, sorted.Length) - 1];

    /// <summary>1-based nearest rank; the small allowance keeps a level summed to 0.9000000000000001 at rank 900 of 1000.</summary>
    private static long Rank(double fraction, long count) => Math.Clamp((long)Math.Ceiling(fraction * count - 1e-9), 1, count);

    private static double NextLevel(double level)
    {
        int halvings = (int)Math.Floor(Math.Log2(1.0 / (1.0 - level)));
        return level + 1.0 / (StepsPerHalfDistance * Math.Pow(2, halvings + 1));
    }
}
