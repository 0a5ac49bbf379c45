using System.Diagnostics;
using Xunit;

namespace Eta.TestSupport;

/// <summary>
/// Proves a hot path allocates nothing in steady state, neither per message nor amortised (a collection that grows
/// now and then). <c>work</c> is one run of many messages (a few hundred at least). It is first run until one run
/// allocates nothing on this thread (the JIT's tier-0 code boxes in places until tiered compilation has replaced
/// it), then the steady state is measured as a whole in a window of at least as many runs again as the warm-up took,
/// so anything that doubles its capacity every so often must grow once inside it. Over the window the thread may
/// allocate at most <see cref="OneOffBudgetBytes"/>, and no gen0 collection may happen. A window that fails is
/// followed by one twice as long (every run so far again, so it too holds a growth), up to <see cref="MaxWindows"/>:
/// a per-message or amortised allocation fails every window, a late tier-up's does not.
/// </summary>
/// <remarks>
/// The gen0 count is process-wide, so every test that uses this belongs to <see cref="AllocationCollection"/>,
/// which runs alone; the measurement starts from a fresh gen0 budget so the runner's own few allocations cannot
/// tip a collection.
/// </remarks>
internal static class AllocationAssert
{
    /// <summary>
    /// What the whole steady state may allocate once: a method that finishes tiering up part-way (on-stack
    /// replacement, a lazily built runtime stub) can allocate a few hundred bytes on the calling thread a single
    /// time. A per-message allocation is at least 24 bytes a message, and a growing List's new array is bigger than
    /// the warm-up's messages times eight bytes, so both exceed this many times over.
    /// </summary>
    public const long OneOffBudgetBytes = 4 * 1024;

    private const int MinMeasuredRuns = 3;

    /// <summary>
    /// Measurement windows before a failing one counts. Tiering goes on after the warm-up's quiet run: in slow CI runs
    /// ConsPerf's interval proof measured 19,200 and 12,672 bytes (400 and 264 times 48) after quiet runs at 4,666 and
    /// 2,220 runs (with dynamic PGO a method can pass through an instrumented tier before its final code), and
    /// passed when run again.
    /// </summary>
    private const int MaxWindows = 4;
    private static readonly TimeSpan s_warmUpLimit = TimeSpan.FromSeconds(30);

    public static void None(Action work)
    {
        int warmUpRuns = WarmUp(work, out long lastWarmUp);
        Assert.True(lastWarmUp == 0,
            $"every run still allocated after {warmUpRuns} warm-up runs ({s_warmUpLimit.TotalSeconds} s); the last one {lastWarmUp} bytes");
        int windowRuns = Math.Max(MinMeasuredRuns, warmUpRuns);
        var clock = Stopwatch.StartNew();
        for (int window = 1; ; window++)
        {
            // Each window runs as many times as all the runs before it, so geometric growth falls inside every window.
            (long allocated, int collections) = Measure(work, windowRuns);
            bool quiet = allocated <= OneOffBudgetBytes && collections == 0;
            if (quiet || window == MaxWindows || clock.Elapsed > s_warmUpLimit)
            {
                Assert.True(allocated <= OneOffBudgetBytes,
                    $"steady state allocated {allocated} bytes over {windowRuns} runs (window {window}, after {warmUpRuns} warm-up runs); " +
                    $"the one-off budget is {OneOffBudgetBytes}");
                Assert.True(collections == 0, $"{collections} gen0 collections during {windowRuns} steady-state runs (window {window})");
                return;
            }
            windowRuns *= 2;
        }
    }

    private static (long Allocated, int Collections) Measure(Action work, int runs)
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        int collectionsBefore = GC.CollectionCount(0);
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int run = 0; run < runs; run++)
            work();
        return (GC.GetAllocatedBytesForCurrentThread() - before, GC.CollectionCount(0) - collectionsBefore);
    }

    /// <summary>Runs <paramref name="work"/> until a run allocates nothing (bounded in time); returns how many runs it took.</summary>
    private static int WarmUp(Action work, out long allocated)
    {
        var clock = Stopwatch.StartNew();
        int runs = 0;
        do
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            work();
            allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            runs++;
        }
        while (allocated != 0 && clock.Elapsed < s_warmUpLimit);
        return runs;
    }
}

/// <summary>
/// Allocation proofs run alone: <see cref="GC.CollectionCount"/> counts every thread's garbage, and busy tests
/// beside them would also slow the JIT's tier-up the warm-up waits for.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class AllocationCollection
{
    public const string Name = "allocation proofs";
}
