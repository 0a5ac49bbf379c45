using Eta.TestSupport;
using PerfTools.Common.Statistics;
using Xunit;

namespace PerfTools.Tests.Common;

[Collection(AllocationCollection.Name)]
public sealed class RunningStatisticsTests
{
    [Fact]
    public void Empty_statistics_report_zeros()
    {
        var stats = new RunningStatistics();
        Assert.Equal(0, stats.Count);
        Assert.Equal(0.0, stats.Mean);
        Assert.Equal(0.0, stats.StandardDeviation);
        Assert.Equal(0.0, stats.Min);
        Assert.Equal(0.0, stats.Max);
    }

    [Fact]
    public void Matches_the_two_pass_formulas()
    {
        double[] values = [9.052, 14.1, 19.5, 5304.72, 10.0, 12.25, 11.0];
        var stats = new RunningStatistics();
        foreach (double v in values)
            stats.Add(v);

        double mean = values.Average();
        double sampleVariance = values.Sum(v => (v - mean) * (v - mean)) / (values.Length - 1);
        Assert.Equal(values.Length, stats.Count);
        Assert.Equal(mean, stats.Mean, 9);
        Assert.Equal(Math.Sqrt(sampleVariance), stats.StandardDeviation, 9);
        Assert.Equal(9.052, stats.Min);
        Assert.Equal(5304.72, stats.Max);
    }

    [Fact]
    public void Merging_equals_adding_everything_to_one()
    {
        var random = new Random(7);
        var left = new RunningStatistics();
        var right = new RunningStatistics();
        var all = new RunningStatistics();
        for (int i = 0; i < 1000; i++)
        {
            double v = random.NextDouble() * 100;
            if (i % 3 == 0) left.Add(v); else right.Add(v);
            all.Add(v);
        }
        left.Merge(right);
        Assert.Equal(all.Count, left.Count);
        Assert.Equal(all.Mean, left.Mean, 9);
        Assert.Equal(all.StandardDeviation, left.StandardDeviation, 9);
        Assert.Equal(all.Min, left.Min);
        Assert.Equal(all.Max, left.Max);
    }

    [Fact]
    public void Adding_allocates_nothing()
    {
        var stats = new RunningStatistics();
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 10_000; i++)
                stats.Add(i);
        });
        Assert.True(stats.Count > 0 && stats.Count % 10_000 == 0);
    }
}
