using System.Runtime.InteropServices;

namespace Eta.Benchmarks.Shared;

/// <summary>
/// CPU time of the calling thread (Linux <c>clock_gettime(CLOCK_THREAD_CPUTIME_ID)</c>): on a shared machine
/// it leaves out the time the thread waited for a core, which wall time counts. 0 where unavailable.
/// </summary>
internal static partial class ThreadCpuClock
{
    private const int ClockThreadCpuTimeId = 3;

    [StructLayout(LayoutKind.Sequential)]
    private struct TimeSpec
    {
        public long Seconds;
        public long Nanoseconds;
    }

    [LibraryImport("libc", EntryPoint = "clock_gettime")]
    private static partial int ClockGetTime(int clockId, out TimeSpec time);

    public static long NowNanoseconds()
    {
        if (!OperatingSystem.IsLinux() || ClockGetTime(ClockThreadCpuTimeId, out TimeSpec time) != 0)
            return 0;
        return time.Seconds * 1_000_000_000 + time.Nanoseconds;
    }
}
