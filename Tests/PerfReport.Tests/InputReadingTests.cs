using PerfTools.PerfReport.Input;
using Xunit;

namespace PerfReport.Tests;

/// <summary>Each input format read from files in the tools' own formats.</summary>
public sealed class InputReadingTests
{
    [Fact]
    public void ConsStatsColumnsAreFoundByHeaderName()
    {
        using var run = new RunFixture().ConsStats(rows: 4);

        RunFolder folder = RunFolderReader.Read(run.Path);

        StatsTable table = Assert.Single(folder.Stats);
        Assert.Equal("ConsStats1", table.Label);
        Assert.Equal(4, table.RowCount);
        Assert.True(table.UtcHasSeconds);
        Assert.Equal(1.0, table.IntervalSeconds);
        Assert.Equal([100_000, 100_001, 100_002, 100_003], table.Column("Update rate")!);
        Assert.Equal([1000, 1001, 1002, 1003], table.Column("Latency max (usec)")!);
        Assert.Equal([80, 81, 82, 83], table.Column("Memory (MB)")!); // ConsPerf writes "Memory(MB)": spaces do not matter
        Assert.Null(table.Column("Msgs sent"));
    }

    [Fact]
    public void ProvStatsWithMinuteTimestampsTakesTheIntervalFromItsSummary()
    {
        using var run = new RunFixture().ProvStats(rows: 3);
        File.WriteAllText(run.PathOf("ProvSummary.out"),
            $"--- TEST INPUTS ---\n\n   Write Stats Interval: 2\n             Stats File: {run.PathOf("ProvStats")}\n");

        StatsTable table = Assert.Single(RunFolderReader.Read(run.Path).Stats);

        Assert.False(table.UtcHasSeconds);
        Assert.Equal(2.0, table.IntervalSeconds);
        Assert.Equal([500_000, 500_000, 500_000], table.Column("Updates sent")!);
    }

    [Fact]
    public void ATruncatedLastLineKeepsItsCellsAndMarksTheRestMissing()
    {
        using var run = new RunFixture().ConsStats(rows: 3);
        string file = run.PathOf("ConsStats1.csv");
        string text = File.ReadAllText(file);
        // A run that ended mid-write: the last row stops inside the "Update rate" cell's row.
        string cut = text[..(text.TrimEnd('\n').LastIndexOf('\n') + 40)];
        File.WriteAllText(file, cut);

        StatsTable table = Assert.Single(RunFolderReader.Read(run.Path).Stats);

        Assert.Equal(3, table.RowCount);
        Assert.True(double.IsNaN(table.Column("Memory(MB)")![2]));
        Assert.Equal(81, table.Column("Memory(MB)")![1]);
    }

    [Fact]
    public void ExtraAndMissingColumnsAreTolerated()
    {
        using var run = new RunFixture();
        File.WriteAllText(run.PathOf("MyStats1.csv"),
            "UTC, Frobs counted, Update rate, CPU usage (%)\n2026-11-23 10:00:01, 7, 5000, 1.5\n2026-11-23 10:00:02, 8, 6000\n");

        StatsTable table = Assert.Single(RunFolderReader.Read(run.Path).Stats);

        Assert.Equal([7, 8], table.Column("Frobs counted")!);
        Assert.Equal([5000, 6000], table.Column("Update rate")!);
        Assert.Null(table.Column("Memory(MB)"));
    }

    [Fact]
    public void SummaryEntriesAreGroupedBySection()
    {
        using var run = new RunFixture().ConsSummary(steadyUpdateRate: 123.4);

        SummaryFile summary = Assert.Single(RunFolderReader.Read(run.Path).Summaries);

        Assert.Equal(["TEST INPUTS", "OVERALL SUMMARY / Steady State Statistics", "OVERALL SUMMARY / Overall Statistics"],
            summary.Sections.Select(s => s.Title));
        Assert.Contains(new SummaryEntry("Item Count", "1000"), summary.Sections[0].Entries);
        Assert.Contains(new SummaryEntry("Interface Name", "(use default)"), summary.Sections[0].Entries);
        Assert.Contains(new SummaryEntry("Avg update rate", "123.4"), summary.Sections[1].Entries);
        Assert.Contains(new SummaryEntry("No GenMsg latency information was received.", ""), summary.Sections[2].Entries);
        Assert.Contains(new SummaryEntry("CPU Usage max (%)", "0.00"), summary.Sections[2].Entries);
    }

    [Fact]
    public void HgrmRowsAndFooterAreRead()
    {
        using var run = new RunFixture().Hgrm();

        PercentileDistribution d = Assert.Single(RunFolderReader.Read(run.Path).Distributions);

        Assert.Equal(6, d.Points.Count);
        Assert.Equal(new PercentilePoint(900, 0.99, 990), d.Points[3]);
        Assert.Equal(new PercentilePoint(1500, 1.0, 1000), d.Points[^1]);
        Assert.Equal(123.456, d.MeanMicros);
        Assert.Equal(1500, d.MaxMicros);
        Assert.Equal(1000, d.TotalCount);
    }

    [Fact]
    public void LatencyLogsAreReadInMicroseconds()
    {
        using var run = new RunFixture().ConsLatency(count: 10).TransportLatency(count: 5);

        RunFolder folder = RunFolderReader.Read(run.Path);

        LatencySamples cons = Assert.Single(folder.LatencyLogs.Single(l => l.Label == "ConsLatency1").ByType);
        Assert.Equal("Upd", cons.MessageType);
        Assert.Equal(Enumerable.Range(1, 10).Select(i => (double)i), cons.LatencyMicros);
        Assert.Equal(0.009, cons.ReceiveSeconds[^1], 9);
        LatencySamples transport = Assert.Single(folder.LatencyLogs.Single(l => l.Label == "TransportLatency1").ByType);
        Assert.Equal([1, 2, 3, 4, 5], transport.LatencyMicros); // nanoseconds in the file
        Assert.Equal(4.0, transport.ReceiveSeconds[^1], 3);
        Assert.Empty(folder.Stats);
    }

    [Fact]
    public void PercentilesFromSamplesAreExactAtHdrLevels()
    {
        double[] samples = Enumerable.Range(1, 1000).Select(i => (double)(1001 - i)).ToArray();

        PercentileDistribution d = PercentileCalculator.FromSamples("x", "x.csv", samples);

        Assert.Equal(500, d.Points.Single(p => Math.Abs(p.Percentile - 0.5) < 1e-9).ValueMicros);
        Assert.Equal(900, d.Points.Single(p => Math.Abs(p.Percentile - 0.9) < 1e-9).ValueMicros);
        Assert.Equal(990, d.Points.Single(p => Math.Abs(p.Percentile - 0.99) < 1e-9).ValueMicros);
        Assert.Equal(new PercentilePoint(1000, 1.0, 1000), d.Points[^1]);
        Assert.Equal(500.5, d.MeanMicros);
        Assert.True(d.Points.Count > 40, "HdrHistogram's levels: five per halving of the distance to 100%");
    }

    [Fact]
    public void AMissingFolderAndAFolderWithoutToolOutputAreClearErrors()
    {
        using var run = new RunFixture();
        File.WriteAllText(run.PathOf("notes.csv"), "hello, world\n");

        var empty = Assert.Throws<ReportInputException>(() => RunFolderReader.Read(run.Path));
        Assert.Contains("holds no tool output", empty.Message);
        Assert.Contains("notes.csv", empty.Message);
        var missing = Assert.Throws<ReportInputException>(() => RunFolderReader.Read(run.PathOf("nope")));
        Assert.Contains("does not exist", missing.Message);
    }
}
