using HdrHistogram;

namespace PerfTools.Common.Statistics;

/// <summary>The percentiles every latency section reports, in the histogram's recorded unit.</summary>
public readonly record struct LatencyPercentiles(long P50, long P90, long P99, long P999, long P9999, long Max)
{
    /// <summary>
    /// The percentiles of <paramref name="histogram"/>. HdrHistogram reports the highest value equivalent to a slot,
    /// which can exceed the largest value recorded by up to the precision; <paramref name="exactMax"/> (the
    /// stream's exact maximum) caps them, so no percentile reads above the summary's max line.
    /// </summary>
    public static LatencyPercentiles Of(HistogramBase histogram, long exactMax)
    {
        long At(double percentile) => histogram.TotalCount == 0 ? 0 : Math.Min(histogram.GetValueAtPercentile(percentile), exactMax);
        return new LatencyPercentiles(At(50), At(90), At(99), At(99.9), At(99.99), exactMax);
    }
}
