using System.Globalization;
using PerfTools.Common.Output;
using PerfTools.Common.Resources;
using PerfTools.Common.Statistics;
using PerfTools.ConsPerf.Statistics;

namespace PerfReport.Tests;

/// <summary>
/// A temporary run folder filled with small output files in the tools' formats: ConsStats through ConsPerf's own
/// column list and <see cref="StatsFile"/>, summaries through <see cref="SummaryBuilder"/>, latency logs
/// through <see cref="LatencyFileWriter"/>; ProvStats, TransportStats and .hgrm (whose row types are not public, or
/// HdrHistogram's standard text) as literal text in the guide's formats.
/// </summary>
internal sealed class RunFixture : IDisposable
{
    public static readonly DateTime Start = new(2026, 11, 23, 10, 0, 0, DateTimeKind.Utc);

    public RunFixture(string name = "run")
    {
        Root = Directory.CreateTempSubdirectory("perfreport-").FullName;
        Path = System.IO.Path.Combine(Root, name);
        Directory.CreateDirectory(Path);
    }

    public string Root { get; }

    public string Path { get; }

    public string PathOf(string file) => System.IO.Path.Combine(Path, file);

    /// <summary>ConsStats&lt;thread&gt;.csv: one row per second, update rate <paramref name="updateRate"/>, latency avg 100+i µs, max 1000+i µs.</summary>
    public RunFixture ConsStats(int thread = 1, int rows = 6, double updateRate = 100_000, string baseName = "ConsStats")
    {
        StatsLayout<ConsumerThreadStats> layout = ConsStatistics.Layout;
        using var writer = new StatsFile(StatsFile.PathForThread(PathOf(baseName), thread), layout.Columns);
        for (int i = 0; i < rows; i++)
        {
            var latency = new RunningStatistics();
            latency.Add(50 + i);
            latency.Add(100 + i);
            latency.Add(150 + i);
            latency.Add(1000 + i);
            var figures = new IntervalFigures(0, layout.Counters.Count, layout.Latencies.Count)
            {
                Utc = Start.AddSeconds(i + 1), Seconds = 1, Resources = new ResourceSample(10 + i, 80 + i),
            };
            figures.SetCount((int)ConsCounter.Images, i == 0 ? 1000 : 0);
            figures.SetCount((int)ConsCounter.Updates, (long)(updateRate + i));
            figures.SetLatency((int)LatencyKind.Update, latency);
            writer.WriteRow(figures);
        }
        return this;
    }

    /// <summary>ProvStats1.csv as ProvPerf writes it (guide §5.7.2): minute timestamps, updates counted per interval.</summary>
    public RunFixture ProvStats(int rows = 6, long updatesPerInterval = 500_000)
    {
        var lines = new List<string>
        {
            "UTC, Requests received, Images sent, Updates sent, Posts reflected, GenMsgs sent, GenMsg Latencies sent, " +
            "GenMsgs received, GenMsg Latencies received, GenMsg Latency avg (usec), GenMsg Latency std dev (usec), " +
            "GenMsg Latency max (usec), GenMsg Latency min (usec), CPU usage (%), Memory(MB)",
        };
        for (int i = 0; i < rows; i++)
            lines.Add($"2026-11-23 10:00, {(i == 0 ? 1000 : 0)}, {(i == 0 ? 1000 : 0)}, {updatesPerInterval}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 12.5, 69");
        File.WriteAllText(PathOf("ProvStats1.csv"), string.Join('\n', lines) + "\n");
        return this;
    }

    /// <summary>TransportStats1.csv as TransportPerf writes it (guide §7.8.2): counts and bytes per interval, latency in µs.</summary>
    public RunFixture TransportStats(int rows = 4)
    {
        var lines = new List<string>
        {
            "UTC, Msgs sent, Bytes sent, Msgs received, Bytes received, Latency msgs received, Latency avg (usec), " +
            "Latency std dev (usec), Latency max (usec), Latency min (usec), CPU usage (%), Memory (MB)",
        };
        for (int i = 0; i < rows; i++)
        {
            lines.Add(string.Create(CultureInfo.InvariantCulture,
                $"{Start.AddSeconds(5 * (i + 1)):yyyy-MM-dd HH:mm:ss}, 500000, 39500000, 500000, 38000000, 50, 14.1, 2.5, 19.4, 9.2, 0.50, 21.99"));
        }
        File.WriteAllText(PathOf("TransportStats1.csv"), string.Join('\n', lines) + "\n");
        return this;
    }

    /// <summary>ConsSummary.out through the tools' summary builder.</summary>
    public RunFixture ConsSummary(double steadyUpdateRate = 100049.3, string file = "ConsSummary.out")
    {
        var resources = new ResourceStatistics();
        string text = new SummaryBuilder()
            .Heading("--- TEST INPUTS ---")
            .Input("Steady State Time", "10")
            .Input("Item Count", 1000)
            .Input("Interface Name", "(use default)")
            .Input("Stats File", PathOf("ConsStats"))
            .Blank()
            .Heading("--- OVERALL SUMMARY ---")
            .Section("Steady State Statistics:")
            .Stat("Sampling duration (sec)", 10.005, 3)
            .Stat("Latency avg (usec)", 319.6, 1)
            .Stat("Avg update rate", steadyUpdateRate, 1)
            .Blank()
            .Section("Overall Statistics:")
            .Note("No GenMsg latency information was received.")
            .Resources(resources, "CPU/Memory Samples")
            .CpuPerMessage("CPU time per update received (nsec)", TimeSpan.FromMilliseconds(650), 1_000_000)
            .ToString();
        File.WriteAllText(PathOf(file), text);
        return this;
    }

    /// <summary>
    /// A latency log through ConsPerf's writer and header: 1..<paramref name="count"/> µs, one per millisecond. The writer
    /// also leaves its HdrHistogram <c>.hgrm</c> beside the CSV, as every tool's run does; <paramref name="keepHgrm"/>
    /// false removes it, as for a log from an older build or another tool.
    /// </summary>
    public RunFixture ConsLatency(int count = 1000, string name = "ConsLatency1.csv", bool keepHgrm = true)
    {
        using (var log = new LatencyFileWriter(PathOf(name), "Message type, Send time, Receive time, Latency (usec)"))
        {
            for (int i = 1; i <= count; i++)
                log.WriteSample("Upd", 5_000_000L + 1000L * i - i, 5_000_000L + 1000L * i, i);
        }
        if (!keepHgrm)
            File.Delete(LatencyFileWriter.HgrmPathFor(PathOf(name)));
        return this;
    }

    /// <summary>TransportPerf's nanosecond latency log: latencies 1000..count*1000 ns.</summary>
    public RunFixture TransportLatency(int count = 100)
    {
        using var log = new LatencyFileWriter(PathOf("TransportLatency1.csv"), "Send Time, Receive Time, Latency(nsec)", unitsPerMicrosecond: 1000);
        for (int i = 1; i <= count; i++)
            log.WriteSample(null, 1_000_000_000L * i, 1_000_000_000L * i + 1000L * i, 1000L * i);
        return this;
    }

    /// <summary>An HdrHistogram percentile distribution (standard text) with p50 = 80, p90 = 200, p99 = 900 µs, max 1500 µs.</summary>
    public RunFixture Hgrm(string name = "ConsLatency1.hgrm")
    {
        File.WriteAllText(PathOf(name), """
                   Value     Percentile TotalCount 1/(1-Percentile)

                  20.000 0.000000000000          1           1.00
                  80.000 0.500000000000        500           2.00
                 200.000 0.900000000000        900          10.00
                 900.000 0.990000000000        990         100.00
                1200.000 0.999000000000        999        1000.00
                1500.000 1.000000000000       1000
            #[Mean    =      123.456, StdDeviation   =       98.765]
            #[Max     =     1500.000, Total count    =         1000]
            #[Buckets =           17, SubBuckets     =         2048]

            """);
        return this;
    }

    public void Dispose()
    {
        try
        {
            Directory.Delete(Root, recursive: true);
        }
        catch (IOException)
        {
            // Left behind in the temp folder; harmless.
        }
    }
}
