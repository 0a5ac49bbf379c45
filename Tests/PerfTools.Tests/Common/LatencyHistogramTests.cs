using Eta.TestSupport;
using PerfTools.Common.Statistics;
using Xunit;

namespace PerfTools.Tests.Common;

[Collection(AllocationCollection.Name)]
public sealed class LatencyHistogramTests
{
    /// <summary>The value at rank ceil(p/100 * n) of the sorted values: the definition the histogram approximates.</summary>
    private static long Oracle(long[] sorted, double percentile)
    {
        long rank = Math.Max(1, (long)(percentile / 100.0 * sorted.Length + 0.5));
        return sorted[rank - 1];
    }

    [Theory]
    [InlineData(1)]
    [InlineData(42)]
    public void Percentiles_match_a_sorted_array_within_the_precision(int seed)
    {
        var random = new Random(seed);
        var histogram = new LatencyHistogram(highestTrackableValue: 10_000_000_000, significantDigits: 3);
        var values = new long[50_000];
        for (int i = 0; i < values.Length; i++)
        {
            // Log-normal-ish latencies from ~1 us to ~10 ms in nanoseconds, plus a few outliers.
            values[i] = (long)Math.Exp(7 + 3 * random.NextDouble()) + (i % 997 == 0 ? 5_000_000 : 0);
            histogram.Record(values[i]);
        }
        Array.Sort(values);

        foreach (double p in new[] { 0.0, 50, 90, 99, 99.9, 99.99, 100 })
        {
            long expected = Oracle(values, p);
            long actual = histogram.ValueAtPercentile(p);
            Assert.InRange(actual, expected, expected + expected / 1000 + 1);
        }
        LatencyPercentiles percentiles = histogram.Percentiles();
        Assert.Equal(values[^1], percentiles.Max);
        Assert.Equal(histogram.ValueAtPercentile(99.9), percentiles.P999);
        Assert.Equal(values.Length, histogram.TotalCount);
        Assert.Equal(values.Average(), histogram.Mean, 6);
        Assert.Equal(values[0], histogram.Min);
    }

    [Fact]
    public void Small_values_are_exact()
    {
        var histogram = new LatencyHistogram(1_000_000, 3);
        for (long v = 0; v < 2048; v++)
            histogram.Record(v);
        Assert.Equal(1023, histogram.ValueAtPercentile(50));
        Assert.Equal(2047, histogram.ValueAtPercentile(100));
    }

    [Fact]
    public void Layout_matches_HdrHistogram_for_three_digits()
    {
        // HdrHistogram(1 hour in us = 3.6e9, 3 digits) reports 2048 sub-buckets.
        var histogram = new LatencyHistogram(3_600_000_000, 3);
        Assert.Equal(2048, histogram.SubBucketCount);
        Assert.Equal(22, histogram.BucketCount);
    }

    [Fact]
    public void Values_above_the_range_are_clamped_and_counted()
    {
        var histogram = new LatencyHistogram(1000, 2);
        histogram.Record(5000);
        Assert.Equal(1, histogram.ClampedCount);
        Assert.InRange(histogram.ValueAtPercentile(100), 1000, 1010);
    }

    [Fact]
    public void Adding_histograms_sums_their_counts()
    {
        var a = new LatencyHistogram(1_000_000, 3);
        var b = new LatencyHistogram(1_000_000, 3);
        for (int i = 1; i <= 100; i++) { a.Record(i); b.Record(i + 100); }
        a.Add(b);
        Assert.Equal(200, a.TotalCount);
        Assert.Equal(100, a.ValueAtPercentile(50));
        Assert.Equal(200, a.Max);
        Assert.Equal(1, a.Min);
    }

    [Fact]
    public void Recording_allocates_nothing()
    {
        var histogram = new LatencyHistogram();
        AllocationAssert.None(() =>
        {
            for (long v = 1; v < 100_000; v += 7)
                histogram.Record(v * 13);
        });
        Assert.True(histogram.TotalCount > 0);
    }
}
