namespace PerfTools.Common.Timing;

/// <summary>
/// Fixed-interval ticks (guide §3.1): tick k falls at start + k / tickRate seconds, whatever happened during
/// earlier ticks, so an overrun in one tick is made up by the following ones and the long-run rate is exact.
/// Computed from the tick number rather than accumulated, so there is no rounding drift.
/// The making up is bounded: a loop that falls more than <see cref="MaxCatchUp"/> behind (a sender past what its
/// CPU or channel can do, a thread descheduled) skips the ticks it missed and goes on from the tick that is due now,
/// rather than running them back to back for as long as it is behind, neither reading nor reporting meanwhile.
/// <see cref="TicksSkipped"/> says how many were skipped, for the sender to count their messages as not sent.
/// </summary>
public sealed class TickScheduler
{
    private readonly ITimeSource _clock;
    private readonly int _tickRate;
    /// <summary>How far behind schedule the loop may fall and still run every tick back to back to make it up.</summary>
    public static readonly TimeSpan MaxCatchUp = TimeSpan.FromMilliseconds(100);

    private readonly long _maxLagClockTicks;
    private long _start;

    public TickScheduler(ITimeSource clock, int tickRate)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(tickRate, 1);
        _clock = clock;
        _tickRate = tickRate;
        _maxLagClockTicks = Math.Max(clock.Frequency / tickRate, (long)(MaxCatchUp.TotalSeconds * clock.Frequency));
    }

    public int TickRate => _tickRate;

    /// <summary>Number of the current tick (0 = the tick that began at <see cref="Start"/>).</summary>
    public long TickNumber { get; private set; }

    /// <summary>Clock time at which the next tick begins.</summary>
    public long NextTickTimestamp { get; private set; }

    /// <summary>Begins tick 0 now.</summary>
    public void Start()
    {
        _start = _clock.GetTimestamp();
        TickNumber = 0;
        NextTickTimestamp = TimestampOfTick(1);
    }

    /// <summary>Ticks skipped by the last <see cref="Advance"/> because the loop was too far behind; 0 normally.</summary>
    public long TicksSkipped { get; private set; }

    /// <summary>
    /// Moves to the next tick, scheduled one interval after the previous one (not after "now"); when that tick is
    /// more than <see cref="MaxCatchUp"/> overdue, to the tick due now instead (<see cref="TicksSkipped"/>).
    /// </summary>
    public void Advance()
    {
        long next = TickNumber + 1;
        long now = _clock.GetTimestamp();
        long due = TimestampOfTick(next);
        TicksSkipped = 0;
        if (now - due > _maxLagClockTicks)
        {
            long current = TickAt(now);
            TicksSkipped = current - next;
            next = current;
        }
        TickNumber = next;
        NextTickTimestamp = TimestampOfTick(TickNumber + 1);
    }

    /// <summary>Clock ticks left before the next tick; zero or negative when it is due.</summary>
    public long ClockTicksUntilNextTick() => NextTickTimestamp - _clock.GetTimestamp();

    /// <summary>
    /// Time left before the next tick, never negative; rounded up to whole TimeSpan ticks (100 ns) so that
    /// waiting that long always reaches the tick (a wait rounded down to zero would spin).
    /// </summary>
    public TimeSpan TimeUntilNextTick()
    {
        long remaining = ClockTicksUntilNextTick();
        if (remaining <= 0)
            return TimeSpan.Zero;
        long frequency = _clock.Frequency;
        long timeSpanTicks = remaining / frequency * TimeSpan.TicksPerSecond
                             + (remaining % frequency * TimeSpan.TicksPerSecond + frequency - 1) / frequency;
        return TimeSpan.FromTicks(timeSpanTicks);
    }

    // The last tick that has begun by clock time `timestamp`.
    private long TickAt(long timestamp) =>
        (long)((Int128)(timestamp - _start) * _tickRate / _clock.Frequency);

    private long TimestampOfTick(long tick)
    {
        long frequency = _clock.Frequency;
        long wholeSeconds = tick / _tickRate;
        long ticksIntoSecond = tick % _tickRate;
        return _start + wholeSeconds * frequency + ticksIntoSecond * frequency / _tickRate;
    }
}
