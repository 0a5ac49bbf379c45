using System.Diagnostics;

namespace Eta.Benchmarks.Shared;

/// <summary>One operation to time: returns a checksum, negative when the operation failed.</summary>
internal interface IOperation
{
    long Run();
}

/// <summary>The median of several timed runs of one operation, and what the runs allocated.</summary>
internal readonly record struct CaseResult(string Name, double Nanoseconds, double CpuNanoseconds, double BestNanoseconds, long AllocatedBytes, long OperationsPerRun, bool Failed)
{
    /// <summary>
    /// Times <paramref name="operation"/>: warm-up (so the JIT has tiered the code up), then <paramref name="runs"/>
    /// runs of <paramref name="operationsPerRun"/> operations; the median run gives the figures, and the fastest
    /// run a floor that other processes' load disturbs least (it can only slow a run down). Only the
    /// operation sits between the allocation counter's two reads: the clocks are static calls that allocate nothing.
    /// </summary>
    public static CaseResult Measure<T>(string name, T operation, int runs, long operationsPerRun, TimeSpan warmUp) where T : struct, IOperation
    {
        bool failed = false;
        long warmUpEnd = Stopwatch.GetTimestamp() + (long)(warmUp.TotalSeconds * Stopwatch.Frequency);
        while (Stopwatch.GetTimestamp() < warmUpEnd)
            failed |= Loop(ref operation, 10_000) < 0;

        var wall = new double[runs];
        var cpu = new double[runs];
        long allocated = 0;
        for (int run = 0; run < runs; run++)
        {
            long cpuStart = ThreadCpuClock.NowNanoseconds();
            long start = Stopwatch.GetTimestamp();
            long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
            failed |= Loop(ref operation, operationsPerRun) < 0;
            allocated += GC.GetAllocatedBytesForCurrentThread() - allocatedBefore;
            long end = Stopwatch.GetTimestamp();
            long cpuEnd = ThreadCpuClock.NowNanoseconds();
            wall[run] = (end - start) * 1e9 / Stopwatch.Frequency / operationsPerRun;
            cpu[run] = (double)(cpuEnd - cpuStart) / operationsPerRun;
        }
        return new CaseResult(name, Median(wall), Median(cpu), wall.Min(), allocated, operationsPerRun, failed);
    }

    /// <summary>
    /// Warm-up per case: 500 ms, or ETA_BENCH_WARMUP_MS (0 with DOTNET_TieredCompilation=0 makes a run's
    /// instruction count the same every time, for counting under valgrind).
    /// </summary>
    public static TimeSpan WarmUp =>
        TimeSpan.FromMilliseconds(int.TryParse(Environment.GetEnvironmentVariable("ETA_BENCH_WARMUP_MS"), out int ms) && ms >= 0 ? ms : 500);

    private static long Loop<T>(ref T operation, long count) where T : struct, IOperation
    {
        long sum = 0;
        for (long i = 0; i < count; i++)
        {
            long result = operation.Run();
            sum = result < 0 || sum < 0 ? -1 : sum + result;
        }
        return sum;
    }

    private static double Median(double[] values)
    {
        Array.Sort(values);
        int middle = values.Length / 2;
        return values.Length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    }
}
