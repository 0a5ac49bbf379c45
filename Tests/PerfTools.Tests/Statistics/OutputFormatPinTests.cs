using System.Text;
using PerfTools.Common.Output;
using PerfTools.Common.Resources;
using PerfTools.Common.Statistics;
using PerfTools.ConsPerf.Output;
using PerfTools.ConsPerf.Statistics;
using PerfTools.NIProvPerf.Statistics;
using PerfTools.PerfHub.Statistics;
using PerfTools.ProvPerf.Statistics;
using PerfTools.TransportPerf.Output;
using PerfTools.TransportPerf.Statistics;
using Xunit;

namespace PerfTools.Tests.Statistics;

/// <summary>
/// Every tool's stats header, a stats row and its console lines, byte for byte. The expected text was printed by
/// the tools' own formatting code before the statistics moved onto the common collector (commit bcc4a5b), from the
/// same figures: users' scripts and spreadsheets read these files and lines, so they must not change.
/// </summary>
public sealed class OutputFormatPinTests
{
    private static readonly DateTime Utc = new(2013, 5, 14, 6, 36, 4, DateTimeKind.Utc);

    private static RunningStatistics Latency(params double[] values)
    {
        var stats = new RunningStatistics();
        foreach (double v in values)
            stats.Add(v);
        return stats;
    }

    private static IntervalFigures Figures<T>(StatsLayout<T> layout, double seconds, params (int Counter, long Count)[] counts)
    {
        var f = new IntervalFigures(0, layout.Counters.Count, layout.Latencies.Count)
        {
            Utc = Utc, Seconds = seconds, ElapsedSeconds = 5.7, Resources = new ResourceSample(12.345, 87.654),
        };
        foreach ((int counter, long count) in counts)
            f.SetCount(counter, count);
        return f;
    }

    private static string Row<T>(StatsLayout<T> layout, IntervalFigures figures)
    {
        var line = new byte[2048];
        Assert.True(StatsFile.TryFormatRow(layout.Columns, figures, line, out int length));
        Assert.Equal((byte)'\n', line[length - 1]);
        return Encoding.ASCII.GetString(line, 0, length - 1);
    }

    [Fact]
    public void ConsPerf_stats_header_row_and_console_lines()
    {
        IntervalFigures f = Figures(ConsStatistics.Layout, 2.0, ((int)ConsCounter.Images, 1000), ((int)ConsCounter.Updates, 200040),
            ((int)ConsCounter.PostsSent, 12), ((int)ConsCounter.PostsOutOfBuffers, 3), ((int)ConsCounter.GenMsgsSent, 5),
            ((int)ConsCounter.LatencyGenMsgsSent, 2), ((int)ConsCounter.GenMsgsReceived, 7), ((int)ConsCounter.StatusMsgs, 1));
        f.SetLatency((int)LatencyKind.Update, Latency(100, 250, 75));
        f.SetLatency((int)LatencyKind.Post, Latency(40, 61));
        f.SetLatency((int)LatencyKind.GenMsg, Latency(12));

        Assert.Equal("UTC, Latency updates, Latency avg (usec), Latency std dev (usec), Latency max (usec), Latency min (usec), " +
            "Images, Update rate, Posting Latency updates, Posting Latency avg (usec), Posting Latency std dev (usec), " +
            "Posting Latency max (usec), Posting Latency min (usec), GenMsgs sent, GenMsg Latencies sent, GenMsgs received, " +
            "GenMsg Latencies received, GenMsg Latency avg (usec), GenMsg Latency std dev (usec), GenMsg Latency max (usec), " +
            "GenMsg Latency min (usec), CPU usage (%), Memory(MB)", ConsStatistics.Layout.HeaderLine);
        Assert.Equal("2013-05-14 06:36:04, 3, 141.7, 94.6, 250, 75, 1000, 100020, 2, 50.5, 14.8, 61.0, 40.0, 5, 2, 7, 1, 12.0, 0.0, " +
            "12.0, 12.0, 12.35, 88", Row(ConsStatistics.Layout, f));

        var console = new StringWriter();
        var report = new ConsoleReport(console);
        report.WriteInterval(5, 0, f);
        report.WriteInterval(5, 2, f);
        report.WriteImageRetrieval(1000, 1_890_000);
        const string Block = "Images: 1000, Posts: 12, UpdRate: 100020, CPU: 12.35, Mem: 87.65MB\n" +
            "  Latency(usec): Avg: 141.7 StdDev:  94.6 Max: 250.0 Min:  75.0, Msgs: 3\n" +
            "  - 3 posts not sent due to lack of output buffers.\n" +
            "  PostLat(usec): Avg:  50.5 StdDev:  14.8 Max:  61.0 Min:  40.0, Msgs: 2\n" +
            "  GenMsgs: sent 5, received 7, latencies sent 2, latencies received 1\n" +
            "  GenMsgLat(usec): Avg:  12.0 StdDev:   0.0 Max:  12.0 Min:  12.0, Msgs: 1\n" +
            "  - Received 1 status messages.\n";
        Assert.Equal("5: " + Block + "5: Client 2:\n  " + Block + "  - Image retrieval time for 1000 images: 1.890s (529.1 images/s)\n",
            console.ToString());
    }

    [Fact]
    public void ProvPerf_stats_header_row_and_shared_provider_console_lines()
    {
        IntervalFigures f = Figures(ProvStatistics.Layout, 1.0, ((int)ProvCounter.Requests, 10), ((int)ProvCounter.Images, 20),
            ((int)ProvCounter.Updates, 100020), ((int)ProvCounter.PostsReflected, 5), ((int)ProvCounter.GenMsgsSent, 6),
            ((int)ProvCounter.GenMsgLatenciesSent, 7), ((int)ProvCounter.GenMsgsReceived, 8));
        f.SetLatency((int)ProvLatency.GenMsg, Latency(12, 13.5, 40));

        Assert.Equal("UTC, Requests received, Images sent, Updates sent, Posts reflected, GenMsgs sent, GenMsg Latencies sent, " +
            "GenMsgs received, GenMsg Latencies received, GenMsg Latency avg (usec), GenMsg Latency std dev (usec), " +
            "GenMsg Latency max (usec), GenMsg Latency min (usec), CPU usage (%), Memory(MB)", ProvStatistics.Layout.HeaderLine);
        Assert.Equal("2013-05-14 06:36:04, 10, 20, 100020, 5, 6, 7, 8, 3, 21.83, 15.75, 40, 12, 12.35, 87.65", Row(ProvStatistics.Layout, f));

        var console = new StringWriter();
        var lines = new ProviderConsoleLines(console);
        lines.Prefix(5, 0, 1);
        lines.Prefix(5, 1, 2);
        lines.UpdateRate(200041, 2.0, 12.345, 87.654);
        lines.SendingTrouble(4, 3, 100, 7, packing: true);
        Assert.Equal("005: 005: Thread 2\n  UpdRate: 100020, CPU: 12.35%, Mem: 87.65MB\n  - Stopped 4 updates due to lack of output buffers.\n" +
            "  - Skipped 3 updates: the thread fell behind its tick schedule.\n" +
            "  - Approx. avg msgs per pack: 14\n", console.ToString());
    }

    [Fact]
    public void NIProvPerf_stats_header_and_row()
    {
        IntervalFigures f = Figures(NIProvStatistics.Layout, 1.0, ((int)NIProvCounter.Images, 10), ((int)NIProvCounter.Updates, 100020));
        Assert.Equal("UTC, Requests received, Images sent, Updates sent, CPU usage (%), Memory (MB)", NIProvStatistics.Layout.HeaderLine);
        Assert.Equal("2013-05-14 06:36:04, 0, 10, 100020, 12.35, 87.65", Row(NIProvStatistics.Layout, f));
    }

    [Fact]
    public void PerfHub_stats_header_and_row_with_gauges_as_they_stand()
    {
        IntervalFigures f = Figures(HubStatistics.Layout, 1.0, ((int)HubCounter.MessagesIn, 1000), ((int)HubCounter.CachedItems, 300),
            ((int)HubCounter.Consumers, 2), ((int)HubCounter.Providers, 1));
        f.SetCount((int)HubCounter.MessagesIn, 3000);
        f.SetCount((int)HubCounter.MessagesOut, 4000);
        f.SetCount((int)HubCounter.UpdatesIn, 1900);
        f.SetCount((int)HubCounter.PostsIn, 3);
        f.SetCount((int)HubCounter.FanOut, 3800);
        f.SetCount((int)HubCounter.MessagesDropped, 4);
        f.SetCount((int)HubCounter.CachedItems, 300);
        f.SetCount((int)HubCounter.Consumers, 2);
        f.SetCount((int)HubCounter.Providers, 1);
        f.SetCount((int)HubCounter.ImagesQueued, 5);
        Assert.Equal("UTC, Msgs in, Msgs out, Updates in, Posts in, Fan-out msgs, Msgs dropped, Cached items, Consumers, "
            + "Providers, CPU usage (%), Memory (MB), Images queued", HubStatistics.Layout.HeaderLine);
        Assert.Equal("2013-05-14 06:36:04, 2000, 4000, 1900, 3, 3800, 4, 300, 2, 1, 12.35, 87.65, 5", Row(HubStatistics.Layout, f));
    }

    [Fact]
    public void TransportPerf_stats_header_row_and_console_block()
    {
        IntervalFigures f = Figures(TransportStatistics.Layout, 5.0, ((int)TransportCounter.MsgsSent, 500000),
            ((int)TransportCounter.BytesSent, 39500000), ((int)TransportCounter.MsgsReceived, 500000),
            ((int)TransportCounter.BytesReceived, 38000000), ((int)TransportCounter.SequenceErrors, 2),
            ((int)TransportCounter.MissingMessages, 3), ((int)TransportCounter.OutOfBuffers, 4));
        f.SetLatency(TransportStatistics.Latency, Latency(9227, 19491, 14000));
        f.Resources = new ResourceSample(12.345, 21.99);

        Assert.Equal("UTC, Msgs sent, Bytes sent, Msgs received, Bytes received, Latency msgs received, Latency avg (usec), " +
            "Latency std dev (usec), Latency max (usec), Latency min (usec), CPU usage (%), Memory (MB)", TransportStatistics.Layout.HeaderLine);
        Assert.Equal("2013-05-14 06:36:04, 500000, 39500000, 500000, 38000000, 3, 14.239, 5.136, 19.491, 9.227, 12.35, 21.99",
            Row(TransportStatistics.Layout, f));

        var console = new StringWriter();
        TransportConsoleReport.Write(new TextLines(), console, 30, f);
        Assert.Equal("030:\n  Sent: MsgRate:    100000, DataRate:    7.534MBps\n  Recv: MsgRate:    100000, DataRate:    7.248MBps\n" +
            "  Latency (usec): Avg:   14.239 StdDev:    5.136 Max:   19.491 Min:    9.227, Msgs: 3\n  Sequence errors: 2 (missing: 3)\n" +
            "  Out of buffers: 4 messages not sent\n  CPU:   12.35% Mem:    21.99MB\n", console.ToString());
    }
}
