namespace Eta.Codec.Tests.Messages;

/// <summary>
/// Measures what a hot-path step allocates once the JIT has settled. Until a method is re-jitted with full
/// optimisation, some BCL calls allocate where optimised code does not (Enum.HasFlag boxes in tier-0 code), so
/// the step is first run in batches until one batch allocates nothing (bounded), then measured (best of three).
/// </summary>
internal static class SteadyState
{
    public static long AllocatedBytes(Action step, int iterations = 20_000, int maxWarmupBatches = 5_000)
    {
        const int batch = 200;
        for (int warmup = 0; warmup < maxWarmupBatches; warmup++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < batch; i++)
                step();
            if (GC.GetAllocatedBytesForCurrentThread() == before)
                break;
        }
        // A one-off runtime event (tiering, on-stack replacement) can land in one measurement; a real per-step
        // allocation shows in all three.
        long smallest = long.MaxValue;
        for (int attempt = 0; attempt < 3 && smallest != 0; attempt++)
        {
            long start = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < iterations; i++)
                step();
            smallest = Math.Min(smallest, GC.GetAllocatedBytesForCurrentThread() - start);
        }
        return smallest;
    }
}
