using Eta.TestSupport;
using PerfTools.Common.Output;
using PerfTools.Common.Statistics;
using Xunit;

namespace PerfTools.Tests.Common;

/// <summary>Latency distributions through HdrHistogram: percentiles, clamping, .hgrm output, no allocation when recording.</summary>
[Collection(AllocationCollection.Name)]
public sealed class LatencyHistogramsTests
{
    /// <summary>The value at rank round(p/100 * n) of the sorted values: the definition the histogram approximates.</summary>
    private static long Oracle(long[] sorted, double percentile)
    {
        long rank = Math.Max(1, (long)(percentile / 100.0 * sorted.Length + 0.5));
        return sorted[rank - 1];
    }

    /// <summary>Log-normal-ish latencies from ~1 us to ~20 ms in nanoseconds, plus a few outliers.</summary>
    private static long[] Latencies(int seed, int count)
    {
        var random = new Random(seed);
        var values = new long[count];
        for (int i = 0; i < values.Length; i++)
            values[i] = (long)Math.Exp(7 + 3 * random.NextDouble()) + (i % 997 == 0 ? 5_000_000 : 0);
        return values;
    }

    [Theory]
    [InlineData(1)]
    [InlineData(42)]
    public void Percentiles_match_a_sorted_array_within_three_digits(int seed)
    {
        var accumulator = new LatencyAccumulator();
        long[] values = Latencies(seed, 50_000);
        foreach (long value in values)
            accumulator.Record(value);
        Array.Sort(values);

        LatencyPercentiles p = LatencyPercentiles.Of(accumulator.Histogram, (long)accumulator.Overall.Max);

        foreach ((double percentile, long actual) in new[] { (50.0, p.P50), (90, p.P90), (99, p.P99), (99.9, p.P999), (99.99, p.P9999) })
        {
            long expected = Oracle(values, percentile);
            Assert.InRange(actual, expected, expected + expected / 1000 + 1);
        }
        Assert.Equal(values[^1], p.Max);
        Assert.Equal(values.Length, accumulator.Histogram.TotalCount);
    }

    [Fact]
    public void Percentiles_never_exceed_the_exact_maximum()
    {
        var accumulator = new LatencyAccumulator();
        accumulator.Record(19_896); // its slot's highest equivalent value is 19_903

        LatencyPercentiles p = LatencyPercentiles.Of(accumulator.Histogram, (long)accumulator.Overall.Max);

        Assert.Equal(new LatencyPercentiles(19_896, 19_896, 19_896, 19_896, 19_896, 19_896), p);
    }

    [Fact]
    public void Values_outside_the_range_are_clamped_instead_of_thrown()
    {
        var accumulator = new LatencyAccumulator(highestTrackableValue: 1000);

        accumulator.Record(5000);
        accumulator.Record(-3);

        Assert.Equal(2, accumulator.Histogram.TotalCount);
        Assert.Equal(0, accumulator.Histogram.GetValueAtPercentile(50));
        Assert.InRange(accumulator.Histogram.GetValueAtPercentile(100), 1000, 1001);
    }

    [Fact]
    public void Recording_allocates_nothing()
    {
        var accumulator = new LatencyAccumulator();
        AllocationAssert.None(() =>
        {
            for (long v = 1; v < 100_000; v += 7)
                accumulator.Record(v * 13);
        });
        Assert.True(accumulator.Histogram.TotalCount > 0);
    }

    [Fact]
    public void Logging_a_sample_allocates_nothing()
    {
        string dir = Directory.CreateTempSubdirectory("perftools").FullName;
        using (var writer = new LatencyFileWriter(Path.Combine(dir, "lat1.csv"), "Send Time, Receive Time, Latency(nsec)", unitsPerMicrosecond: 1000))
        {
            AllocationAssert.None(() =>
            {
                for (long v = 1; v < 10_000; v += 7)
                    writer.WriteSample(null, v, v * 2, v);
            });
        }
        Directory.Delete(dir, recursive: true);
    }

    [Fact]
    public void The_hgrm_beside_a_latency_file_is_HdrHistograms_distribution_of_its_samples_in_microseconds()
    {
        string dir = Directory.CreateTempSubdirectory("perftools").FullName;
        string path = Path.Combine(dir, "TransportLatency1.csv");
        long[] values = Latencies(7, 20_000);
        using (var writer = new LatencyFileWriter(path, "Send Time, Receive Time, Latency(nsec)", unitsPerMicrosecond: 1000))
        {
            foreach (long value in values)
                writer.WriteSample(null, 100, 100 + value, value);
        }
        Array.Sort(values);

        HgrmFile hgrm = HgrmFile.Read(LatencyFileWriter.HgrmPathFor(path));

        Assert.Equal(values.Length, hgrm.TotalCount);
        Assert.Equal(values.Length, hgrm.Rows[^1].TotalCount);
        Assert.Equal(1.0, hgrm.Rows[^1].Percentile);
        Assert.Equal(values[^1] / 1000.0, hgrm.Max, 0.001 * values[^1] / 1000.0 + 0.001);
        Assert.Equal(values.Average() / 1000.0, hgrm.Mean, 0.01 * values.Average() / 1000.0);
        foreach (double percentile in new[] { 50.0, 75, 90 }) // rows the 5-ticks-per-half-distance steps land on exactly
        {
            double expected = Oracle(values, percentile) / 1000.0;
            Assert.Equal(expected, hgrm.ValueAt(percentile / 100), 0.001 * expected + 0.001);
        }
        for (int i = 1; i < hgrm.Rows.Count; i++)
        {
            Assert.True(hgrm.Rows[i].Percentile >= hgrm.Rows[i - 1].Percentile);
            Assert.True(hgrm.Rows[i].TotalCount >= hgrm.Rows[i - 1].TotalCount);
            Assert.True(hgrm.Rows[i].Value >= hgrm.Rows[i - 1].Value);
        }
        Directory.Delete(dir, recursive: true);
    }

    [Fact]
    public void A_latency_file_without_samples_still_gets_a_readable_hgrm()
    {
        string dir = Directory.CreateTempSubdirectory("perftools").FullName;
        string path = Path.Combine(dir, "ProvLatency1.csv");
        new LatencyFileWriter(path, "Message type, Send time, Receive time, Latency (usec)").Dispose();

        HgrmFile hgrm = HgrmFile.Read(LatencyFileWriter.HgrmPathFor(path));

        Assert.Equal(0, hgrm.TotalCount);
        Directory.Delete(dir, recursive: true);
    }
}
