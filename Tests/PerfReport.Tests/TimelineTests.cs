using PerfTools.PerfReport.Charts;
using PerfTools.PerfReport.Input;
using Xunit;

namespace PerfReport.Tests;

/// <summary>
/// Charts that read right at a glance: every tool on one clock (real seconds since the run's first tool started), a
/// run's last, cut-short interval divided by its real length, and latency on a log axis so a start-up spike does not
/// flatten the steady state.
/// </summary>
public sealed class TimelineTests
{
    [Fact]
    public void A_providers_last_short_interval_is_a_rate_over_its_real_length_on_the_consumers_clock()
    {
        using var run = new RunFixture().ConsStats(rows: 12);
        // ProvPerf, 5 s intervals, then the run ends 1.2 s into the third: 120,000 updates in 1.2 s is still 100,000/s.
        File.WriteAllLines(run.PathOf("ProvStats1.csv"),
        [
            "UTC, Requests received, Images sent, Updates sent, CPU usage (%), Memory(MB), Interval (sec)",
            $"{RunFixture.Start.AddSeconds(5):yyyy-MM-dd HH:mm:ss}, 1000, 1000, 500000, 10.5, 80, 5.000",
            $"{RunFixture.Start.AddSeconds(10):yyyy-MM-dd HH:mm:ss}, 0, 0, 500000, 10.5, 80, 5.000",
            $"{RunFixture.Start.AddSeconds(11):yyyy-MM-dd HH:mm:ss}, 0, 0, 120000, 10.5, 80, 1.200",
        ]);

        RunFolder folder = RunFolderReader.Read(run.Path);
        List<ChartSpec> charts = StatsCharts.Build([folder], new SeriesNames(false)).ToList();

        ChartSeries updates = charts.Single(c => c.FileName == "rates").Series.Single(s => s.Name.Contains("Updates sent"));
        Assert.Equal([100_000.0, 100_000.0, 100_000.0], updates.Ys);
        Assert.Equal([5.0, 10.0, 11.0], updates.Xs); // ConsStats1's first row (Start + 1 s) is at 1 s: one clock
        ChartSeries consumer = charts.Single(c => c.FileName == "rates").Series.Single(s => s.Name.Contains("ConsStats1"));
        Assert.Equal(1.0, consumer.Xs[0]);
        Assert.True(charts.Single(c => c.FileName == "latency-latency").LogY, "latency over time is on a log axis");
    }
}

/// <summary>A series drawn exactly on an earlier one must not hide it (ProvPerf's requests and images per second coincide).</summary>
public sealed class OverlapTests
{
    private static readonly SkiaSharp.SKColor First = new(0x1f, 0x77, 0xb4), Second = new(0xff, 0x7f, 0x0e); // Category10

    [Fact]
    public void Two_identical_series_both_show_in_the_plot()
    {
        double[] xs = [1, 2, 3, 4, 5, 6], ys = [200, 180, 0, 0, 0, 0];
        var spec = new ChartSpec("overlap", "Item requests and images", "s", "per second",
            [new ChartSeries("Requests received /s", xs, ys), new ChartSeries("Images sent /s", xs, ys)], "");

        using SkiaSharp.SKBitmap png = SkiaSharp.SKBitmap.Decode(ChartRenderer.RenderPng(spec));

        int Near(SkiaSharp.SKColor colour)
        {
            int count = 0;
            for (int y = 0; y < png.Height; y++)
            {
                for (int x = 60; x < 700; x++) // the plot area's left part; the legend (which shows both anyway) is at the right
                {
                    SkiaSharp.SKColor c = png.GetPixel(x, y);
                    if (Math.Abs(c.Red - colour.Red) + Math.Abs(c.Green - colour.Green) + Math.Abs(c.Blue - colour.Blue) < 40)
                        count++;
                }
            }
            return count;
        }
        Assert.True(Near(First) > 100, $"the first series is hidden under the second ({Near(First)} pixels of its colour)");
        Assert.True(Near(Second) > 100, $"the second series is not drawn ({Near(Second)} pixels of its colour)");
    }
}
