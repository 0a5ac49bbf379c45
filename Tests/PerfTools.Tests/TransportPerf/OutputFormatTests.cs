using PerfTools.Common.Output;
using PerfTools.Common.Resources;
using PerfTools.Common.Statistics;
using PerfTools.TransportPerf.Options;
using PerfTools.TransportPerf.Output;
using PerfTools.TransportPerf.Statistics;
using Xunit;

namespace PerfTools.Tests.TransportPerf;

public sealed class OutputFormatTests
{
    private static RunningStatistics Latency(params double[] nanoseconds)
    {
        var stats = new RunningStatistics();
        foreach (double v in nanoseconds)
            stats.Add(v);
        return stats;
    }

    // 5 s with the guide's sample counts: 500000 messages of 79 (sent) and 76 (received) bytes.
    private static IntervalFigures Figures(DateTime utc, RunningStatistics latency)
    {
        var f = new IntervalFigures(0, TransportStatistics.Layout.Counters.Count, 1)
        {
            Utc = utc, Seconds = 5, Resources = new ResourceSample(0.0, 21.99),
        };
        f.SetCount((int)TransportCounter.MsgsSent, 500000);
        f.SetCount((int)TransportCounter.BytesSent, 39500000);
        f.SetCount((int)TransportCounter.MsgsReceived, 500000);
        f.SetCount((int)TransportCounter.BytesReceived, 38000000);
        f.SetLatency(TransportStatistics.Latency, latency);
        return f;
    }

    private static string Row(IntervalFigures figures)
    {
        var line = new byte[1024];
        Assert.True(StatsFile.TryFormatRow(TransportStatistics.Layout.Columns, figures, line, out int length));
        return System.Text.Encoding.ASCII.GetString(line, 0, length).TrimEnd('\n');
    }

    [Fact]
    public void Stats_file_header_is_the_guides()
    {
        Assert.Equal(
            "UTC, Msgs sent, Bytes sent, Msgs received, Bytes received, Latency msgs received, Latency avg (usec), " +
            "Latency std dev (usec), Latency max (usec), Latency min (usec), CPU usage (%), Memory (MB)",
            TransportStatistics.Layout.HeaderLine);
    }

    [Fact]
    public void Stats_row_formats_like_the_guides_sample()
    {
        IntervalFigures row = Figures(new DateTime(2013, 5, 14, 6, 36, 4, DateTimeKind.Utc), Latency(9227, 19491));
        string line = Row(row);
        Assert.Matches(@"^2013-05-14 06:36:04, 500000, 39500000, 500000, 38000000, 2, 14\.359, \d+\.\d{3}, 19\.491, 9\.227, 0\.00, 21\.99$", line);
    }

    [Fact]
    public void Console_block_matches_the_guides_sample()
    {
        IntervalFigures row = Figures(DateTime.UtcNow, Latency(9683, 19122, 14000));
        var console = new StringWriter();
        TransportConsoleReport.Write(new TextLines(), console, 30, row);
        string[] lines = console.ToString().Split('\n');
        Assert.Equal("030:", lines[0]);
        Assert.Equal("  Sent: MsgRate:    100000, DataRate:    7.534MBps", lines[1]);
        Assert.Equal("  Recv: MsgRate:    100000, DataRate:    7.248MBps", lines[2]);
        Assert.Matches(@"^  Latency \(usec\): Avg: +\d+\.\d{3} StdDev: +\d+\.\d{3} Max:   19\.122 Min:    9\.683, Msgs: 3$", lines[3]);
        Assert.Equal("  CPU:    0.00% Mem:    21.99MB", lines[4]);
    }

    [Fact]
    public void Summary_has_the_guides_inputs_and_overall_lines()
    {
        TransportPerfOptions options = TransportPerfCommandLine.Parse(["-appType", "client", "-runTime", "180"]).Options!;
        string inputs = TransportSummary.Inputs(options);
        string[] expectedInputs =
        [
            "--- TEST INPUTS ---", "                Runtime: 180 sec", "        Connection Type: socket",
            "               Hostname: localhost", "                   Port: 14002", "               App Type: client",
            "           Thread Count: 1", "              Busy Read: No", "               Msg Size: 76",
            "               Msg Rate: 100000", "       Latency Msg Rate: 10", "         Output Buffers: 5000",
            "      Max Fragment Size: 6144", "       Send Buffer Size: 0(use default)", "       Recv Buffer Size: 0(use default)",
            "        High Water Mark: 0(use default)", "       Compression Type: none(0)", "      Compression Level: 5",
            "         Interface Name: (use default)", "            Tcp_NoDelay: Yes", "              Tick Rate: 1000",
            "      Use Direct Writes: No", "       Latency Log File: (none)", $"           Summary File: TransportSummary_{Environment.ProcessId}.out",
            "             Stats File: TransportStats", "   Write Stats Interval: 5", "          Display Stats: Yes",
            "                Packing: No",
        ];
        Assert.Equal(expectedInputs, inputs.Split('\n', StringSplitOptions.RemoveEmptyEntries));

        var histogram = LatencyHistograms.Create();
        histogram.RecordValue(19896);
        var results = new TransportSummary.Results(179.98, 17998200, 17999300, 1421857800, 1367946800, Latency(19896), histogram, 0, 0, 0, 0, 0, 0);
        var resources = new ResourceStatistics();
        resources.Add(new ResourceSample(0.18, 31.2));
        string[] overall = TransportSummary.Overall([results], results, resources, 24806, TimeSpan.FromSeconds(3), 36_000_000, 9_000, 30_000_000).Split('\n');
        Assert.Contains("--- OVERALL SUMMARY ---", overall);
        Assert.Contains("Statistics:", overall);
        foreach (string expected in new[]
        {
            "    Latency avg (usec): 19.896", "    Sampling duration(sec): 179.98", "    Msgs Sent: 17998200",
            "    Msgs Received: 17999300", "    Data Sent (MB): 1355.99", "    Data Received (MB): 1304.58",
            "    Avg. Msg Sent Rate: 100001", "    Avg. Data Sent Rate (MB): 7.53", "    Avg. Data Recv Rate (MB): 7.25",
            "    CPU/Memory samples: 1", "    CPU Usage max (%): 0.18", "    Memory Usage max (MB): 31.20", "    Process ID: 24806",
            "    Latency p99 (usec): 19.896 (only 1 sample; p99 needs at least 100)", "    Sequence errors: 0", "    CPU time per message sent or received (nsec): 83.3",
            "    Bytes allocated per message after the first interval: 0.000",
        })
        {
            Assert.Contains(expected, overall);
        }
    }
}
