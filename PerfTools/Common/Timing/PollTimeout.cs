namespace PerfTools.Common.Timing;

/// <summary>
/// Converts a tick's spare time into a timeout for Socket.Poll/Socket.Select/WaitOne. Those wait in whole
/// milliseconds and truncate, so a 300 us wait becomes 0 and the rest of the tick a busy spin. Rounding up
/// costs nothing when data arrives (the wait ends at once) and lets the next burst start up to 1 ms late,
/// which the fixed tick schedule makes up in the following ticks.
/// </summary>
public static class PollTimeout
{
    /// <summary>The wait in microseconds for Socket.Poll/Select: 0 when nothing is left, else whole milliseconds rounded up, at most 1 s.</summary>
    public static int Microseconds(TimeSpan wait) => Milliseconds(wait) * 1000;

    /// <summary>The wait in whole milliseconds, rounded up, at most 1000 (for WaitOne and similar).</summary>
    public static int Milliseconds(TimeSpan wait)
    {
        if (wait <= TimeSpan.Zero)
            return 0;
        return (int)Math.Min((wait.Ticks + TimeSpan.TicksPerMillisecond - 1) / TimeSpan.TicksPerMillisecond, 1000);
    }
}
