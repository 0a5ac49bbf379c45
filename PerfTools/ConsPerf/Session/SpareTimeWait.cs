namespace PerfTools.ConsPerf.Session;

/// <summary>
/// How long the consumer thread waits for input in a tick's spare time, and when its once-a-second ping check is due.
/// A tick has work (requests, posts, generic messages, flushing what a read sent back) only while items are still
/// being requested, when the test posts or sends generic messages, or when output waits for a flush. Once none of
/// that is left, the only work on ticks is the ping check, so the wait lasts until input arrives or that check is due,
/// rather than ending at every tick: a thread woken each tick for nothing costs a sleep and a wake-up per tick
/// (at 100k updates/s half of its wake-ups and, on a VM, a quarter of its CPU). LSEG C's consumer wakes every tick.
/// The wait is capped at <see cref="MaxIdleWait"/> so a stop request is still seen promptly.
/// </summary>
internal sealed class SpareTimeWait
{
    /// <summary>The longest wait without work: how late a stop request may be seen.</summary>
    public static readonly TimeSpan MaxIdleWait = TimeSpan.FromMilliseconds(100);

    private readonly int _tickRate;
    private long _tickNumber;
    private long _nextPingCheckTick;

    public SpareTimeWait(int tickRate)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(tickRate, 1);
        _tickRate = tickRate;
    }

    /// <summary>
    /// Called at each tick: true when the ping check is due (tick 0, then once every tickRate ticks; a tick loop that
    /// skipped ticks to catch up, see <c>TickScheduler</c>, does not skip the check).
    /// </summary>
    public bool OnTick(long tickNumber)
    {
        _tickNumber = tickNumber;
        if (tickNumber < _nextPingCheckTick)
            return false;
        _nextPingCheckTick = tickNumber + _tickRate;
        return true;
    }

    /// <summary>
    /// How long to wait for input now: <paramref name="untilNextTick"/> while ticks have work, else until the next ping
    /// check, at most <see cref="MaxIdleWait"/> (never less than <paramref name="untilNextTick"/>).
    /// </summary>
    public TimeSpan For(TimeSpan untilNextTick, bool ticksHaveWork)
    {
        if (ticksHaveWork)
            return untilNextTick;
        // Ticks after the next one, up to the one with the ping check, at TicksPerSecond / tickRate each.
        long ticksAfterNext = Math.Max(0, _nextPingCheckTick - _tickNumber - 1);
        long untilCheck = untilNextTick.Ticks + ticksAfterNext * TimeSpan.TicksPerSecond / _tickRate;
        return TimeSpan.FromTicks(Math.Max(untilNextTick.Ticks, Math.Min(untilCheck, MaxIdleWait.Ticks)));
    }
}
