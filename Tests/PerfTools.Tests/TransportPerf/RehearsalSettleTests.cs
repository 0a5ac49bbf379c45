using PerfTools.Common.Threading;
using PerfTools.TransportPerf.Options;
using PerfTools.TransportPerf.Warmup;
using Xunit;

namespace PerfTools.Tests.TransportPerf;

/// <summary>
/// The rehearsal hands over a quiet JIT. Closing it writes its summaries and latency distributions, code called
/// thousands of times, which the tiered JIT promotes on its own thread 100 ms later: about 140 methods and up to
/// 80 ms of a CPU, which landed in the run's first 200 ms and held its latency samples for milliseconds.
/// In the collection that runs alone, so that no other test's code is compiled in the meantime.
/// </summary>
[Collection(TransportPerfEndToEnd.Name)]
public sealed class RehearsalSettleTests
{
    private static readonly TimeSpan Observed = TimeSpan.FromSeconds(1);

    /// <summary>The guide's defaults, sending 150-byte messages packed 20 at 100,000/s, statistics every second.</summary>
    private static readonly TransportPerfOptions Options = TransportPerfCommandLine.Parse([]).Options! with
    {
        MsgSize = 150, PackCount = 20, LatencyMsgRate = 1000, WriteStatsInterval = 1, LatencyFile = "TransportLatency",
    };

    [Fact]
    public void Nothing_the_rehearsal_started_is_compiled_after_it_returns()
    {
        RehearsalResult result = TransportRehearsal.Run(Options, new RehearsalLimits(
            TimeSpan.FromSeconds(1), TimeSpan.FromMilliseconds(300), TimeSpan.FromSeconds(3)));
        WaitHandle cancelled = TestContext.Current.CancellationToken.WaitHandle;
        cancelled.WaitOne(0); // compiled before the count starts, as everything this test calls while it watches
        long atReturn = System.Runtime.JitInfo.GetCompiledMethodCount();

        // Long enough for the JIT's 100 ms call-counting delay and what it then compiles (an observation, not a wait
        // for an event). Blocking: a first await would compile xunit's whole chain of async callers meanwhile.
        cancelled.WaitOne(Observed);
        long compiledSince = System.Runtime.JitInfo.GetCompiledMethodCount() - atReturn;

        Assert.Null(result.Failure);
        Assert.True(compiledSince < 10, $"{compiledSince} methods compiled in the {Observed.TotalSeconds} s after the rehearsal returned");
    }

    /// <summary>
    /// What the run still gives the JIT is compiled at the lowest priority: the rehearsal leaves the JIT's thread under
    /// SCHED_IDLE (Linux), so that a transport thread waking on its CPU takes the CPU at once. At nice 19 it still ran
    /// out its time slice first: a trace showed it holding a pinned reader's CPU for 4 ms.
    /// </summary>
    [Fact]
    public void The_rehearsal_leaves_the_JIT_thread_at_the_lowest_priority()
    {
        if (!OperatingSystem.IsLinux())
            Assert.Skip("thread priorities are set on Linux only");
        RehearsalResult result = TransportRehearsal.Run(Options, new RehearsalLimits(
            TimeSpan.FromSeconds(1), TimeSpan.FromMilliseconds(300), TimeSpan.FromSeconds(3)));

        Assert.Null(result.Failure);
        IReadOnlyList<int> workers = JitThreadPriority.WorkerThreadIds();
        Assert.NotEmpty(workers);
        Assert.All(workers, id => Assert.True(IdleScheduling.IsSet(id), $"JIT thread {id} is not under SCHED_IDLE"));
    }
}
