using System.Text.RegularExpressions;
using PerfTools.PerfReport;
using PerfTools.PerfReport.Charts;
using Xunit;

namespace PerfReport.Tests;

/// <summary>PerfReport run as its command line would run it, on fixture run folders.</summary>
public sealed partial class ReportTests
{
    private static (int Code, string Output, string Error) Run(params string[] args)
    {
        var output = new StringWriter();
        var error = new StringWriter();
        int code = PerfReportApp.Run(args, output, error);
        return (code, output.ToString(), error.ToString());
    }

    [Fact]
    public void AFullRunGivesEveryChartAndTheSummaryFigures()
    {
        using var run = new RunFixture().ConsStats().ProvStats().ConsSummary(steadyUpdateRate: 98765.4).ConsLatency();

        var (code, output, error) = Run(run.Path);

        Assert.True(code == 0, error);
        string reportPath = output.Trim();
        Assert.Equal(Path.Combine(run.Path, "report.html"), reportPath);
        string html = File.ReadAllText(reportPath);
        string[] charts = ["rates", "requests-images", "latency-latency", "cpu", "memory", "latency-percentiles", "latency-samples"];
        foreach (string chart in charts)
        {
            Assert.Contains($"<section class=\"chart\" id=\"{chart}\">", html);
            PngAssert.IsChart(File.ReadAllBytes(Path.Combine(run.Path, "report-charts", chart + ".png")),
                ChartRenderer.Width, ChartRenderer.Height);
        }
        Assert.Equal(charts.Length, ImageTag().Matches(html).Count);
        Assert.Contains("<td>Avg update rate</td><td>98765.4</td>", html);
        Assert.Contains("<tr><td>Item Count</td><td>1000</td>", html);
        Assert.Contains("OVERALL SUMMARY / Steady State Statistics", html);
    }

    [Fact]
    public void TheReportIsSelfContained()
    {
        using var run = new RunFixture().ConsStats().ConsLatency();

        var (code, output, error) = Run(run.Path);

        Assert.True(code == 0, error);
        string html = File.ReadAllText(output.Trim());
        Assert.DoesNotContain("http://", html);
        Assert.DoesNotContain("https://", html);
        Assert.DoesNotContain("<script", html);
        Assert.DoesNotContain("<link", html);
        foreach (Match image in ImageTag().Matches(html))
        {
            byte[] png = Convert.FromBase64String(image.Groups[1].Value);
            PngAssert.IsChart(png, ChartRenderer.Width, ChartRenderer.Height);
        }
    }

    [Fact]
    public void TheLatencyTableComesFromTheHgrmWhenThereIsOne()
    {
        using var run = new RunFixture().ConsLatency(count: 1000, keepHgrm: false).Hgrm("ConsLatency1.hgrm");

        var (code, output, error) = Run(run.Path);

        Assert.True(code == 0, error);
        string html = File.ReadAllText(output.Trim());
        // The .hgrm's p99 is 900 µs; the CSV's (1..1000 µs) would be 990.
        Assert.Contains("<td>ConsLatency1 (.hgrm)</td><td>1,000</td><td>123.5</td><td>80.0</td><td>200.0</td><td>900.0</td><td>1200.0</td><td>1500.0</td><td>1500.0</td>", html);
        Assert.DoesNotContain("(from CSV)", html);
    }

    [Fact]
    public void WithoutAnHgrmPercentilesAreComputedFromTheLatencyCsv()
    {
        using var run = new RunFixture().ConsLatency(count: 1000, keepHgrm: false);

        var (code, output, error) = Run(run.Path);

        Assert.True(code == 0, error);
        string html = File.ReadAllText(output.Trim());
        Assert.Contains("<td>ConsLatency1 Upd (from CSV)</td><td>1,000</td><td>500.5</td><td>500.0</td><td>900.0</td><td>990.0</td><td>999.0</td><td>1000.0</td><td>1000.0</td>", html);
    }

    [Fact]
    public void ATruncatedStatsFileStillGivesAReport()
    {
        using var run = new RunFixture().ConsStats(rows: 4);
        string file = run.PathOf("ConsStats1.csv");
        string text = File.ReadAllText(file);
        File.WriteAllText(file, text[..(text.Length - 30)]);

        var (code, output, error) = Run(run.Path);

        Assert.True(code == 0, error);
        Assert.Contains("id=\"rates\"", File.ReadAllText(output.Trim()));
    }

    [Fact]
    public void TransportPerfStatsGiveDataRatesInMegabytesPerSecond()
    {
        using var run = new RunFixture().TransportStats();

        var (code, output, error) = Run(run.Path);

        Assert.True(code == 0, error);
        Assert.Contains("id=\"data-rates\"", File.ReadAllText(output.Trim()));
        var folder = PerfTools.PerfReport.Input.RunFolderReader.Read(run.Path);
        ChartSpec dataRates = StatsCharts.Build([folder], new SeriesNames(false)).Single(c => c.FileName == "data-rates");
        ChartSeries sent = dataRates.Series.Single(s => s.Name == "TransportStats1 MB sent /s");
        Assert.Equal(39_500_000 / 5.0 / (1024 * 1024), sent.Ys[0], 6);
        ChartSpec rates = StatsCharts.Build([folder], new SeriesNames(false)).Single(c => c.FileName == "rates");
        Assert.Equal([100_000, 100_000, 100_000, 100_000], rates.Series.Single(s => s.Name == "TransportStats1 Msgs sent /s").Ys);
        Assert.Equal([5, 10, 15, 20], rates.Series[0].Xs);
    }

    [Fact]
    public void TwoRunsAreOverlaidWithTheFolderInTheLegend()
    {
        using var a = new RunFixture("build-a").ConsStats(updateRate: 50_000).ConsSummary(steadyUpdateRate: 50_000);
        using var b = new RunFixture("build-b").ConsStats(updateRate: 90_000).ConsSummary(steadyUpdateRate: 90_000);
        string outDir = Path.Combine(a.Root, "compare");

        var (code, output, error) = Run("-o", outDir, "-title", "A vs B", a.Path, b.Path);

        Assert.True(code == 0, error);
        Assert.Equal(Path.Combine(outDir, "report.html"), output.Trim());
        var runs = new[] { a.Path, b.Path }.Select(PerfTools.PerfReport.Input.RunFolderReader.Read).ToList();
        ChartSpec rates = StatsCharts.Build(runs, new SeriesNames(severalRuns: true)).Single(c => c.FileName == "rates");
        ChartSeries[] updateRates = rates.Series.Where(s => s.Name.EndsWith("ConsStats1 Update rate", StringComparison.Ordinal)).ToArray();
        Assert.Equal(["build-a: ConsStats1 Update rate", "build-b: ConsStats1 Update rate"], updateRates.Select(s => s.Name));
        Assert.Equal(50_000, updateRates[0].Ys[0]);
        Assert.Equal(90_000, updateRates[1].Ys[0]);
        string html = File.ReadAllText(output.Trim());
        Assert.Contains("<h1>A vs B</h1>", html);
        Assert.Contains("<th>build-a</th><th>build-b</th>", html);
        Assert.Contains("<tr class=\"differs\"><td>Avg update rate</td><td>50000.0</td><td>90000.0</td>", html);
        Assert.Contains("<tr><td>Item Count</td><td>1000</td><td>1000</td>", html);
    }

    [Fact]
    public void RunsWithTheSameFolderNameAreToldApartByTheirParents()
    {
        using var a = new RunFixture("out").ConsStats();
        using var b = new RunFixture("out").ConsStats();

        var (code, output, error) = Run("-o", a.Root, a.Path, b.Path);

        Assert.True(code == 0, error);
        string html = File.ReadAllText(output.Trim());
        Assert.Contains($"<tr><td>{Path.GetFileName(a.Root)}/out</td>", html);
        Assert.Contains($"<tr><td>{Path.GetFileName(b.Root)}/out</td>", html);
    }

    [Fact]
    public void TwoRunsWithoutSummariesStillGetAHeadlineEach()
    {
        // A run killed before its summary (only stats files) is exactly when a user compares what is left.
        using var a = new RunFixture("killed-a").ConsStats();
        using var b = new RunFixture("killed-b").ConsStats();

        var (code, output, error) = Run("-headline", "-o", a.Root, a.Path, b.Path);

        Assert.True(code == 0, error);
        Assert.Contains("(no summary file with figures in killed-a)", output);
        Assert.Contains("(no summary file with figures in killed-b)", output);
        Assert.Contains("Report: ", output);
    }

    [Fact]
    public void AnEmptyFolderExitsWithTwoAndSaysWhy()
    {
        using var run = new RunFixture();

        var (code, output, error) = Run(run.Path);

        Assert.Equal(2, code);
        Assert.Equal("", output);
        Assert.Equal($"PerfReport: run folder '{run.Path}' holds no tool output: no summary (*Summary*.out), stats CSV " +
            "(\"UTC, ...\" header), latency CSV or .hgrm file", error.Trim());
        Assert.False(File.Exists(Path.Combine(run.Path, "report.html")));
    }

    [Theory]
    [InlineData(new string[0], "no run folder given")]
    [InlineData(new[] { "-bogus", "x" }, "-bogus: unknown option")]
    [InlineData(new[] { "/no/such/run" }, "run folder '/no/such/run' does not exist")]
    public void CommandLineErrorsExitWithTwo(string[] args, string message)
    {
        var (code, _, error) = Run(args);

        Assert.Equal(2, code);
        Assert.Contains(message, error);
    }

    [Fact]
    public void HelpListsTheOptionsAndRunFolders()
    {
        var (code, output, _) = Run("-?");

        Assert.Equal(0, code);
        Assert.Contains("Usage: dotnet PerfReport.dll [options] <runDir> [<runDir>...]", output);
        Assert.Contains("-o <text>", output);
        Assert.Contains("-title <text>", output);
    }

    [Fact]
    public void ThePercentileAxisIsHdrHistogramsLogScale()
    {
        Assert.Equal(["0%", "90%", "99%", "99.9%", "99.99%", "99.999%"], Enumerable.Range(0, 6).Select(PercentileCharts.TickLabel));
        Assert.Equal(2.0, PercentileCharts.AxisPosition(0.99), 9);
        Assert.Equal(3.0, PercentileCharts.AxisPosition(0.999), 9);
    }

    [GeneratedRegex("<img alt=\"[^\"]*\" src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\">")]
    private static partial Regex ImageTag();
}
