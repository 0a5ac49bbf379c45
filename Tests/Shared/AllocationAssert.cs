using System.Diagnostics;
using Xunit;

namespace Eta.TestSupport;

/// <summary>
/// Proves a hot path allocates nothing in steady state, neither per message nor amortised (a collection that grows
/// now and then). <c>work</c> is one run of many messages (a few hundred at least). It is first run until no run has
/// allocated on this thread for the last eighth of the runs (the JIT's tier-0 code boxes in places until tiered
/// compilation has replaced it, method by method), then the steady state is measured as a whole: at least as many
/// runs again as the warm-up took, so anything that doubles its capacity every so often must grow once inside the
/// measurement. Over all those runs the thread may allocate at most <see cref="OneOffBudgetBytes"/>, and no gen0
/// collection may happen.
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
    private const int MinQuietRuns = 3;
    private static readonly TimeSpan s_warmUpLimit = TimeSpan.FromSeconds(30);

    public static void None(Action work)
    {
        int warmUpRuns = WarmUp(work, out long lastWarmUp);
        Assert.True(lastWarmUp == 0,
            $"runs still allocated after {warmUpRuns} warm-up runs ({s_warmUpLimit.TotalSeconds} s); the last one {lastWarmUp} bytes");
        int measuredRuns = Math.Max(MinMeasuredRuns, warmUpRuns);

        GC.Collect();
        GC.WaitForPendingFinalizers();
        int collectionsBefore = GC.CollectionCount(0);
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int run = 0; run < measuredRuns; run++)
            work();
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        int collections = GC.CollectionCount(0) - collectionsBefore;

        Assert.True(allocated <= OneOffBudgetBytes,
            $"steady state allocated {allocated} bytes over {measuredRuns} runs (after {warmUpRuns} warm-up runs); " +
            $"the one-off budget is {OneOffBudgetBytes}");
        Assert.True(collections == 0, $"{collections} gen0 collections during {measuredRuns} steady-state runs");
    }

    /// <summary>
    /// Runs <paramref name="work"/> until the last eighth of its runs (at least <see cref="MinQuietRuns"/>) allocated
    /// nothing (bounded in time); returns how many runs it took, and the last run's bytes. One quiet run is not
    /// enough: methods tier up at different times. In a slow CI run the first quiet run came after 4,666 runs, and the
    /// measurement then found 19,200 bytes; traced alone, the last methods to tier up allocated 48 or 624 bytes a run
    /// for hundreds of runs each.
    /// </summary>
    private static int WarmUp(Action work, out long allocated)
    {
        var clock = Stopwatch.StartNew();
        int runs = 0;
        int quiet = 0;
        do
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            work();
            allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            runs++;
            quiet = allocated == 0 ? quiet + 1 : 0;
        }
        while ((quiet < MinQuietRuns || quiet < runs / 8) && clock.Elapsed < s_warmUpLimit);
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
