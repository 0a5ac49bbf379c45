using PerfTools.Common.Lifetime;
using PerfTools.Common.Network;
using PerfTools.Common.Threading;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Run;
using PerfTools.ConsPerf.Statistics;
using PerfTools.ConsPerf.Threads;
using PerfTools.PerfHub;
using PerfTools.TransportPerf;
using PerfTools.TransportPerf.Options;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// A worker thread that throws what no code path expects ends the run as an internal error, exit 70, with the
/// exception printed whole, instead of ending the process with no summary (the runtime's default, exit 134).
/// </summary>
public sealed class InternalErrorTests
{
    [Fact]
    public void A_worker_thread_that_throws_hands_the_exception_over_and_the_process_goes_on()
    {
        Exception? handed = null;
        var thrown = new InvalidOperationException("a bug");

        Thread thread = ToolThread.Start("throwing", ThreadCpuList.Unpinned, () => throw thrown, _ => { }, e => handed = e);
        thread.Join();

        Assert.Same(thrown, handed);
    }

    [Fact]
    public void An_exception_that_reaches_main_exits_70_with_the_report_and_a_normal_exit_passes_through()
    {
        var console = new StringWriter();

        int crashed = InternalError.Guard("ProvPerf", console, () => throw new InvalidOperationException("a bug"));
        int normal = InternalError.Guard("ProvPerf", console, () => 3);

        Assert.Equal((70, 3), (crashed, normal));
        Assert.StartsWith("ProvPerf main thread: internal error: InvalidOperationException: a bug", console.ToString());
        Assert.Contains("please report it", console.ToString());
    }

    [Fact]
    public void A_consumer_thread_that_throws_ends_as_an_internal_error_naming_the_exception()
    {
        ConsPerfOptions options = ConsPerfCommandLine.Parse(["-p", "1", "-steadyStateTime", "1"]).Options!;
        var warnings = new List<string>();
        using var ended = new ManualResetEventSlim();
        // No resources: the session's first use of the dictionary throws, as a bug in the thread would.
        var thread = new ConsumerThread(1, ThreadCpuList.Unpinned, options, resources: null!, [], new ConsumerThreadStats(1, 0),
            new ConnectFailures("localhost", "1"), w => { lock (warnings) warnings.Add(w); }, ended.Set);

        thread.Start();
        Assert.True(ended.Wait(TimeSpan.FromSeconds(30), TestContext.Current.CancellationToken), "the thread never reported its end");
        Assert.True(thread.Join(TimeSpan.FromSeconds(30)));

        ThreadEnd end = Assert.IsType<ThreadEnd>(thread.End);
        Assert.Equal(RunOutcomeKind.InternalError, end.Kind);
        Assert.StartsWith("internal error: NullReferenceException: ", end.Reason);
        Assert.Equal(70, new RunOutcome(end.Kind, end.Reason).ExitCode);
        string report = Assert.Single(warnings);
        Assert.StartsWith("Consumer thread 1: internal error: NullReferenceException: ", report);
        Assert.Contains("   at PerfTools.ConsPerf.", report); // the stack trace, for the bug report
    }

    [Fact]
    public void A_TransportPerf_thread_that_threw_decides_the_outcome_over_everything_else()
    {
        TransportPerfOptions options = TransportPerfCommandLine.Parse(["-appType", "client"]).Options!;
        using var shutdown = new ShutdownSignal(null, default, handleSignals: false);
        shutdown.Request(ShutdownReason.InternalError);

        TransportRunOutcome outcome = TransportRunOutcome.Decide(options, shutdown, new TransportRunOutcome.RunFacts(
            null, 0, "cannot connect", null, 5, 5, 0, InternalError: "TransportPerf thread 1: internal error: NullReferenceException: x"));

        Assert.Equal(70, outcome.ExitCode);
        Assert.Equal("Run ended: TransportPerf thread 1: internal error: NullReferenceException: x.", outcome.SummaryLine);
    }

    [Fact]
    public void PerfHub_whose_loop_throws_writes_a_summary_that_names_it_and_exits_70()
    {
        string dir = Directory.CreateTempSubdirectory("hub-internal-error-").FullName;
        try
        {
            // The loop logs its first upstream retry through the console: here that write throws, as a bug would.
            var console = new ThrowingConsole("cannot connect upstream");

            int exit = PerfHubApp.Run(["-p", "0", "-niPort", "0", "-upstream", "127.0.0.1:1", "-runTime", "30",
                "-summaryFile", Path.Combine(dir, "HubSummary.out"), "-statsFile", Path.Combine(dir, "HubStats")],
                console, TestContext.Current.CancellationToken);

            Assert.True(exit == 70, console.ToString());
            Assert.Contains("PerfHub main thread: internal error: InvalidOperationException: a bug", console.ToString());
            Assert.Contains("Result: PerfHub main thread: internal error: InvalidOperationException: a bug",
                File.ReadAllText(Path.Combine(dir, "HubSummary.out")));
        }
        finally
        {
            Directory.Delete(dir, recursive: true);
        }
    }

    /// <summary>A console whose write of a line holding <paramref name="trigger"/> throws.</summary>
    private sealed class ThrowingConsole(string trigger) : StringWriter
    {
        public override void WriteLine(string? value)
        {
            if (value?.Contains(trigger, StringComparison.Ordinal) == true)
                throw new InvalidOperationException("a bug");
            base.WriteLine(value);
        }
    }
}
