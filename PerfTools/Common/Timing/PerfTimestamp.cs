using System.Diagnostics;

namespace PerfTools.Common.Timing;

/// <summary>
/// Timestamps embedded in messages for latency measurement (guide §3.2, §7.5).
/// The epoch is the host's monotonic clock origin (boot on Linux: CLOCK_MONOTONIC; Windows: QueryPerformanceCounter),
/// so values taken by different processes on the same host are comparable and never jump with wall-clock changes.
/// OMM tools use microseconds, TransportPerf nanoseconds.
/// </summary>
public static class PerfTimestamp
{
    private static readonly long Frequency = Stopwatch.Frequency;

    public static long NowMicroseconds() => ToMicroseconds(Stopwatch.GetTimestamp());

    public static long NowNanoseconds() => ToNanoseconds(Stopwatch.GetTimestamp());

    public static long ToMicroseconds(long stopwatchTicks) => Scale(stopwatchTicks, 1_000_000);

    public static long ToNanoseconds(long stopwatchTicks) => Scale(stopwatchTicks, 1_000_000_000);

    // Split into whole seconds and remainder so that ticks * unitsPerSecond cannot overflow.
    private static long Scale(long ticks, long unitsPerSecond) =>
        ticks / Frequency * unitsPerSecond + ticks % Frequency * unitsPerSecond / Frequency;
}
