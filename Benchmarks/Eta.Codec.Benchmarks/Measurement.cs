using System.Diagnostics;

namespace Eta.Codec.Benchmarks;

/// <summary>One timed run: elapsed time and bytes allocated on this thread.</summary>
internal readonly record struct Measurement(string Name, int Iterations, TimeSpan Elapsed, TimeSpan CpuTime, long AllocatedBytes, long Checksum)
{
    /// <summary>Wall-clock nanoseconds per operation.</summary>
    public double NanosecondsPerOp => Elapsed.TotalMilliseconds * 1_000_000 / Iterations;

    /// <summary>
    /// Process CPU nanoseconds per operation: on a shared, busy machine this is closer to the real cost than wall
    /// time, since time spent descheduled is not counted.
    /// </summary>
    public double CpuNanosecondsPerOp => CpuTime.TotalMilliseconds * 1_000_000 / Iterations;

    public double AllocatedPerOp => (double)AllocatedBytes / Iterations;

    /// <summary>Runs <paramref name="body"/> (which loops <paramref name="iterations"/> times itself).</summary>
    public static Measurement Take(string name, int iterations, Func<int, long> body)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        TimeSpan cpuBefore = Environment.CpuUsage.TotalTime;
        var watch = Stopwatch.StartNew();
        long checksum = body(iterations);
        watch.Stop();
        TimeSpan cpu = Environment.CpuUsage.TotalTime - cpuBefore;
        return new Measurement(name, iterations, watch.Elapsed, cpu, GC.GetAllocatedBytesForCurrentThread() - before, checksum);
    }

    /// <summary>The fastest of several runs (after a warm-up run), to damp scheduler noise on a shared machine.</summary>
    public static Measurement Best(string name, int iterations, Func<int, long> body, int rounds = 3)
    {
        body(Math.Max(iterations / 10, 1));
        Measurement best = Take(name, iterations, body);
        for (int i = 1; i < rounds; i++)
        {
            Measurement next = Take(name, iterations, body);
            if (next.Elapsed < best.Elapsed)
                best = next with { AllocatedBytes = Math.Max(best.AllocatedBytes, next.AllocatedBytes) };
        }
        return best;
    }
}
