namespace PerfTools.Common.Timing;

/// <summary>
/// Fixed-interval ticks (guide §3.1): tick k falls at start + k / tickRate seconds, whatever happened during
/// earlier ticks, so an overrun in one tick is made up by the following ones and the long-run rate is exact.
/// Computed from the tick number rather than accumulated, so there is no rounding drift.
/// </summary>
public sealed class TickScheduler
{
    private readonly ITimeSource _clock;
    private readonly int _tickRate;
    private long _start;

    public TickScheduler(ITimeSource clock, int tickRate)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(tickRate, 1);
        _clock = clock;
        _tickRate = tickRate;
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

    /// <summary>Moves to the next tick, scheduled one interval after the previous one (not after "now").</summary>
    public void Advance()
    {
        TickNumber++;
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

    private long TimestampOfTick(long tick)
    {
        long frequency = _clock.Frequency;
        long wholeSeconds = tick / _tickRate;
        long ticksIntoSecond = tick % _tickRate;
        return _start + wholeSeconds * frequency + ticksIntoSecond * frequency / _tickRate;
    }
}
