using Eta.TestSupport;
using PerfTools.Common.Items;
using PerfTools.Common.Omm;
using PerfTools.NIProvPerf.Options;
using PerfTools.NIProvPerf.Threads;
using PerfTools.Tests.ProvPerf;
using Xunit;

namespace PerfTools.Tests.NIProvPerf;

/// <summary>
/// A non-interactive provider thread's ticks (update bursts with TIM_TRK_1, flushes, ping checks, reads) allocate
/// nothing once its items are published, over a real connection to the test receiver. Driven by hand on the test
/// thread, whose allocations are the ones counted; the receiver reads on its own thread.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class NIProviderSteadyStateAllocationTests
{
    [Fact]
    public void Ticks_after_the_items_are_published_allocate_nothing()
    {
        using var receiver = TestNIReceiver.Start();
        var parsed = NIProvPerfCommandLine.Parse(["-h", "127.0.0.1", "-p", receiver.Port.ToString(System.Globalization.CultureInfo.InvariantCulture),
            "-tickRate", "1000", "-updateRate", "10000", "-latencyUpdateRate", "100", "-itemCount", "20", "-maxPackCount", "4"]);
        NIProvPerfOptions options = parsed.Options!;
        ItemSpec[] items = [.. Enumerable.Range(0, 20).Select(i => new ItemSpec($"RDT{i}", ItemDomain.MarketPrice, false, false, false, i + 2))];
        string? failure = null;
        var thread = new NIProviderThread(0, options, new MarketPriceEncoder(Xml.MsgDataLoaderTests.RepoMsgData()), items,
            TextWriter.Null, reason => failure = reason);
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        try
        {
            Assert.True(thread.Connect(timeout.Token), failure);
            TestNIReceiver.Publisher hub = receiver.WaitForPublishers(1, TimeSpan.FromSeconds(30))[0];
            long tick = 1;
            while (thread.Stats.Images.Total < items.Length && !timeout.IsCancellationRequested && failure is null)
            {
                thread.OnTick(tick++);
                thread.OnSpareTime(TimeSpan.FromMilliseconds(1));
            }
            Assert.Null(failure);
            Assert.Equal(items.Length, thread.Stats.Images.Total);

            // Warm up until the JIT has promoted the code past tier 0 (whose enum HasFlag boxes), bounded in time.
            var warmUp = System.Diagnostics.Stopwatch.StartNew();
            // A batch that sent nothing (the receiver starved of CPU) proves nothing about the update path.
            long batch, sent;
            do
            {
                long start = GC.GetAllocatedBytesForCurrentThread();
                long updatesAtStart = thread.Stats.Updates.Total;
                tick = RunTicks(thread, tick, 1000);
                batch = GC.GetAllocatedBytesForCurrentThread() - start;
                sent = thread.Stats.Updates.Total - updatesAtStart;
            }
            while ((batch != 0 || sent == 0) && warmUp.Elapsed < TimeSpan.FromSeconds(20));
            long updatesBefore = thread.Stats.Updates.Total;
            AllocationAssert.None(() => tick = RunTicks(thread, tick, 1000));
            Assert.Null(failure);
            // The runs tick 10 updates each, at least 40,000 in all; a receiver starved of CPU (a loaded machine) leaves
            // the thread without output buffers for part of them, and those updates are skipped, not sent. Enough
            // must still go out to prove the update path itself was measured.
            Assert.True(thread.Stats.Updates.Total - updatesBefore >= 1_000, $"{thread.Stats.Updates.Total - updatesBefore} updates measured");
            // What the socket refused in the last ticks (a receiver starved of CPU) goes when the thread's loop finds
            // it writable: keep the loop running, as the tool does, until it has arrived.
            var flushing = System.Diagnostics.Stopwatch.StartNew();
            while (hub.Updates < updatesBefore && failure is null && flushing.Elapsed < TimeSpan.FromSeconds(30))
                thread.OnSpareTime(TimeSpan.FromMilliseconds(1));
            hub.WaitUntil(p => p.Updates >= updatesBefore, TimeSpan.FromSeconds(30), "the updates to arrive");
            Assert.Empty(hub.Problems);
        }
        finally
        {
            thread.CloseConnection();
        }
    }

    // Ticks back to back; a tick that sent nothing (the socket full: the receiver is starved of CPU on a loaded
    // machine) is followed by a wait for the socket, as the tool spends its spare time, so the runs go on measuring
    // the update path instead of skipping every update for want of output buffers.
    private static long RunTicks(NIProviderThread thread, long tick, int count)
    {
        for (int i = 0; i < count; i++)
        {
            long before = thread.Stats.Updates.Total;
            thread.OnTick(tick++);
            thread.OnSpareTime(TimeSpan.Zero);
            if (thread.Stats.Updates.Total == before)
                thread.OnSpareTime(TimeSpan.FromMilliseconds(1));
        }
        return tick;
    }
}
