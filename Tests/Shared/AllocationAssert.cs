using Xunit;

namespace Eta.TestSupport;

/// <summary>
/// Proves a piece of work allocates nothing on the calling thread. The work runs once to warm up, then is
/// measured up to three times: one-off runtime work (tiering, on-stack replacement) can land in a single
/// measurement, while a real per-call allocation shows in every one.
/// </summary>
internal static class AllocationAssert
{
    public static void None(Action work)
    {
        work();
        long smallest = long.MaxValue;
        for (int attempt = 0; attempt < 3 && smallest != 0; attempt++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            work();
            smallest = Math.Min(smallest, GC.GetAllocatedBytesForCurrentThread() - before);
        }
        Assert.True(smallest == 0, $"allocated {smallest} bytes in the best of three runs");
    }
}
