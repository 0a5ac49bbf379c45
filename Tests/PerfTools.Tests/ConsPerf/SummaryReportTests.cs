using PerfTools.Common.CommandLine;
using PerfTools.Common.Resources;
using PerfTools.Common.Statistics;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Output;
using PerfTools.ConsPerf.Run;
using PerfTools.ConsPerf.Statistics;
using Xunit;

namespace PerfTools.Tests.ConsPerf;

public sealed class SummaryReportTests
{
    private static ConsPerfOptions Options(params string[] args)
    {
        CommandLineResult<ConsPerfOptions> parsed = ConsPerfCommandLine.Parse(args);
        Assert.True(parsed.IsSuccess, parsed.Error?.ToString());
        return parsed.Options!;
    }

    private static ConsumerStatistics Collected(params ConsumerThreadStats[] threads)
    {
        var statistics = new ConsumerStatistics(threads, steadyStateDelayMs: 0, new StatsOutput(StatsPath: null));
        statistics.Drain();
        return statistics;
    }

    // A thread that requested 2 items at t=1 s, got both images by t=2 s, then 1000 updates with latencies 100 and 300 us.
    private static ConsumerThreadStats FinishedThread(int number)
    {
        var stats = new ConsumerThreadStats(number, 2);
        stats.CountRequest(1_000_000);
        stats.CountRequest(1_000_100);
        stats.RefreshesReceived.Add(2);
        stats.CountImage(1_500_000);
        stats.CountImage(2_000_000);
        for (int i = 0; i < 1000; i++)
            stats.CountUpdate(2_000_000 + i * 1000);
        stats.RecordLatency(LatencyKind.Update, 2_500_000, 2_500_100);
        stats.RecordLatency(LatencyKind.Update, 2_600_000, 2_600_300);
        return stats;
    }

    [Fact]
    public void One_thread_summary_has_the_guides_sections_and_percentiles()
    {
        using ConsumerStatistics thread = Collected(FinishedThread(1));

        string text = SummaryReport.Format(Options("-itemCount", "2"), thread, new ResourceStatistics(),
            new RunOutcome(RunOutcomeKind.SteadyStateCompleted, "Steady-state time of 300 seconds has expired."), endUsec: 12_000_000,
            cpuTime: TimeSpan.FromMilliseconds(3));

        Assert.Contains("--- OVERALL SUMMARY ---\n\nStartup State Statistics:\n  Sampling duration (sec): 1.000\n", text);
        Assert.Contains("Steady State Statistics:\n  Sampling duration (sec): 10.000\n  Latency avg (usec): 200.0\n", text);
        Assert.Contains("  Latency max (usec): 300.0\n  Latency min (usec): 100.0\n", text);
        Assert.Contains("  Latency p50 (usec): ", text);
        Assert.Contains("  Latency p99.99 (usec): ", text);
        Assert.Contains("  Requests sent: 2\n  Refreshes received: 2\n  Updates received: 1000\n", text);
        Assert.Contains("  Image retrieval time (sec): 1.000\n  Avg image Rate: 2.0\n", text);
        Assert.DoesNotContain("CLIENT 1 SUMMARY", text);
        Assert.EndsWith("Result: Steady-state time of 300 seconds has expired.\n", text);
    }

    [Fact]
    public void Several_threads_get_their_own_sections_and_a_total()
    {
        using ConsumerStatistics threads = Collected(FinishedThread(1), FinishedThread(2));

        string text = SummaryReport.Format(Options("-itemCount", "4", "-threads", "0,1"), threads, new ResourceStatistics(),
            new RunOutcome(RunOutcomeKind.ConnectionLost, "Consumer thread 2: connection lost"), endUsec: 12_000_000,
            cpuTime: TimeSpan.FromMilliseconds(3));

        Assert.Contains("--- CLIENT 1 SUMMARY ---", text);
        Assert.Contains("--- CLIENT 2 SUMMARY ---", text);
        string overall = text[text.IndexOf("--- OVERALL SUMMARY ---", StringComparison.Ordinal)..];
        Assert.Contains("  Requests sent: 4\n  Refreshes received: 4\n  Updates received: 2000\n", overall);
        Assert.Contains("  Latency avg (usec): 200.0\n", overall);
        Assert.EndsWith("Result: FAILED: Consumer thread 2: connection lost\n", text);
    }

    [Fact]
    public void A_run_without_images_says_steady_state_was_not_reached()
    {
        var stats = new ConsumerThreadStats(1, 2);
        stats.CountRequest(1_000_000);
        using ConsumerStatistics collected = Collected(stats);

        string text = SummaryReport.Format(Options(), collected, new ResourceStatistics(),
            new RunOutcome(RunOutcomeKind.ImagesTimedOut, "Failed to receive all images within 300 seconds."), endUsec: 5_000_000,
            cpuTime: TimeSpan.Zero);

        Assert.Contains("Steady State Statistics:\n  Steady state was not reached during this test.\n", text);
        Assert.DoesNotContain("Image retrieval time", text);
        Assert.EndsWith("Result: FAILED: Failed to receive all images within 300 seconds.\n", text);
    }
}
