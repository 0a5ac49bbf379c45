using System.Globalization;
using System.Text.RegularExpressions;
using PerfTools.Common.Output;
using PerfTools.Common.Resources;
using PerfTools.Common.Statistics;
using Xunit;

namespace PerfTools.Tests.Common;

public sealed class OutputWriterTests
{
    [Fact]
    public void Stats_file_writes_the_column_headers_then_rows()
    {
        string path = Path.Combine(Path.GetTempPath(), $"perftools-{Guid.NewGuid():N}1.csv");
        StatsColumn[] columns =
        [
            StatsColumn.Utc("UTC", "yyyy-MM-dd HH:mm:ss"),
            StatsColumn.Count("Msgs sent", 0),
            StatsColumn.Total("Items", 1),
        ];
        var figures = new IntervalFigures(0, counters: 2, streams: 0) { Utc = new DateTime(2013, 5, 14, 6, 35, 59, DateTimeKind.Utc), Seconds = 0.4321 };
        figures.SetCount(0, 1000);
        figures.SetCount(1, 7);
        figures.SetCount(0, 499000);
        using (var writer = new StatsFile(path, columns))
            writer.WriteRow(figures);
        // After the tool's columns, the interval's real length: a cut-short last interval divides by what it lasted.
        Assert.Equal(["UTC, Msgs sent, Items, Interval (sec)", "2013-05-14 06:35:59, 498000, 7, 0.432"], File.ReadAllLines(path));
        File.Delete(path);
        Assert.Equal("ConsStats2.csv", StatsFile.PathForThread("ConsStats", 2));
    }

    [Fact]
    public void Latency_file_writes_header_samples_and_an_hgrm_beside_it()
    {
        string dir = Directory.CreateTempSubdirectory("perftools").FullName;
        string path = LatencyFileWriter.PathForThread(Path.Combine(dir, "ConsLatency.csv"), 1);
        Assert.EndsWith("ConsLatency1.csv", path);
        using (var writer = new LatencyFileWriter(path, "Message type, Send time, Receive time, Latency (usec)"))
        {
            writer.WriteSample("Upd", 353725032296, 353725032521, 225);
            writer.WriteSample(null, 10, 20, 10);
        }
        Assert.Equal(
            ["Message type, Send time, Receive time, Latency (usec)", "Upd, 353725032296, 353725032521, 225", "10, 20, 10"],
            File.ReadAllLines(path));
        HgrmFile hgrm = HgrmFile.Read(Path.Combine(dir, "ConsLatency1.hgrm"));
        Assert.Equal(2, hgrm.TotalCount);
        Assert.Equal(225.0, hgrm.Max);
        Directory.Delete(dir, recursive: true);
    }

    [Fact]
    public void Summary_aligns_inputs_on_the_colon_and_adds_percentiles_to_latency_sections()
    {
        var stats = new RunningStatistics();
        var histogram = LatencyHistograms.Create();
        foreach (long v in new long[] { 9052, 19896, 5304720 })
        {
            stats.Add(v);
            histogram.RecordValue(v);
        }
        var resources = new ResourceStatistics();
        resources.Add(new ResourceSample(0.18, 31.2));
        string text = new SummaryBuilder { Indent = "  " }
            .Heading("--- TEST INPUTS ---")
            .Input("Runtime", "180 sec")
            .Input("Busy Read", false)
            .Blank()
            .Heading("--- OVERALL SUMMARY ---")
            .Section("Statistics:")
            .Latency("Latency", stats, histogram, unitsPerMicrosecond: 1000, decimals: 3)
            .Resources(resources)
            .ToString();
        string[] lines = text.Split('\n');
        Assert.Equal("--- TEST INPUTS ---", lines[0]);
        Assert.Equal("                Runtime: 180 sec", lines[2]);
        Assert.Equal("              Busy Read: No", lines[3]);
        Assert.Contains("  Latency max (usec): 5304.720", lines);
        Assert.Contains("  Latency min (usec): 9.052", lines);
        Assert.Contains(lines, l => l.StartsWith("  Latency p99.9 (usec): 530", StringComparison.Ordinal));
        Assert.Contains("  CPU/Memory samples: 1", lines);
        Assert.Contains("  Memory Usage max (MB): 31.20", lines);
    }

    [Theory]
    [InlineData(150, "p99.9", "p99")]      // 15 s of the main job at 10 latency updates a second
    [InlineData(9_999, "p99.99", "p99.9")]
    public void A_percentile_from_too_few_samples_says_how_many_it_had_and_how_many_it_needs(int samples, string tooFew, string enough)
    {
        var stats = new RunningStatistics();
        var histogram = LatencyHistograms.Create();
        for (int i = 1; i <= samples; i++)
        {
            stats.Add(i);
            histogram.RecordValue(i);
        }

        string[] lines = new SummaryBuilder().Latency("Latency", stats, histogram, unitsPerMicrosecond: 1, decimals: 1).ToString().Split('\n');

        long needed = SummaryBuilder.SamplesNeeded(double.Parse(tooFew[1..], CultureInfo.InvariantCulture));
        Assert.Contains(lines, l => Regex.IsMatch(l,
            $@"^  Latency {Regex.Escape(tooFew)} \(usec\): [\d.]+ \(only {samples} samples; {Regex.Escape(tooFew)} needs at least {needed}\)$"));
        Assert.Contains(lines, l => Regex.IsMatch(l, $@"^  Latency {Regex.Escape(enough)} \(usec\): [\d.]+$"));
        // The guide's own lines are untouched.
        Assert.Contains($"  Latency max (usec): {samples}.0", lines);
        Assert.Contains("  Latency min (usec): 1.0", lines);
        Assert.Contains($"  Latency samples: {samples}", lines);
    }
}
