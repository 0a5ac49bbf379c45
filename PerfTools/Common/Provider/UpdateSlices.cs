using System.Diagnostics;

namespace PerfTools.Common.Provider;

/// <summary>
/// Spreads one tick's update burst over the tick in slices about <see cref="SliceInterval"/> apart, each encoded
/// (and its latency updates stamped) only when it is due. Sent whole at the start of the tick, a 1,000-update burst
/// leaves the provider in a fraction of the tick and waits in the socket buffers for a consumer that takes the tick
/// to read it: at 1 M/s an update stamped late in the burst waited behind up to 120 KB of earlier ones (the socket
/// refused every send after that), which a consumer at 0.5 µs per update takes about 400 µs to read. In slices, what
/// waits ahead of a stamped update is at most one slice. The tick's count and the latency positions are unchanged.
/// Stopwatch ticks throughout; used by one provider thread, allocates nothing.
/// </summary>
public sealed class UpdateSlices
{
    /// <summary>The aimed-at time between slices.</summary>
    public static readonly TimeSpan SliceInterval = TimeSpan.FromMicroseconds(100);

    /// <summary>
    /// A slice carries at least this many updates unless the owner asks otherwise (TransportPerf keeps this; the
    /// OMM providers ask for <see cref="PublishingSession.MinSliceUpdates"/>), so a low rate is not cut into many
    /// tiny writes: each slice costs the sender a wait and a write, and the reader a wake-up. At 100, a 1 M/s burst
    /// went in 10 slices and both tools spent more CPU per update than at 2 M/s (the same 10 slices, twice the
    /// updates); at 200 it goes in 5, with the latency of 2 M/s's slices (PerfTools/bench/README.md, "Latency ladder").
    /// </summary>
    public const int MinSliceUpdates = 200;

    private readonly long _tickLength;
    private readonly int _maxSlices;
    private readonly int _minSliceUpdates;
    private int _burst;
    private int _sent;
    private int _slices = 1;
    private long _tickStart;

    /// <param name="tickRate">The thread's ticks per second.</param>
    /// <param name="frequency">Clock ticks per second (<see cref="Stopwatch.Frequency"/>).</param>
    /// <param name="minSliceUpdates">The fewest updates a slice carries (<see cref="MinSliceUpdates"/> unless given).</param>
    public UpdateSlices(int tickRate, long frequency, int minSliceUpdates = MinSliceUpdates)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(tickRate, 1);
        ArgumentOutOfRangeException.ThrowIfLessThan(minSliceUpdates, 1);
        _minSliceUpdates = minSliceUpdates;
        _tickLength = Math.Max(1, frequency / tickRate);
        _maxSlices = (int)Math.Max(1, TimeSpan.FromSeconds(1.0 / tickRate) / SliceInterval);
    }

    /// <summary>Updates of the current tick not yet sent.</summary>
    public int Owed => _burst - _sent;

    /// <summary>Slices the current tick's burst is cut into.</summary>
    public int SliceCount => _slices;

    /// <summary>A new tick of <paramref name="burst"/> updates begins at <paramref name="now"/>.</summary>
    public void BeginTick(int burst, long now)
    {
        _burst = burst;
        _sent = 0;
        _tickStart = now;
        _slices = Math.Clamp(burst / _minSliceUpdates, 1, _maxSlices);
    }

    /// <summary>Updates due by <paramref name="now"/> and not yet sent: the slices begun by then, all of them at the tick's end.</summary>
    public int DueBy(long now)
    {
        if (Owed <= 0)
            return 0;
        long begun = Math.Min(_slices, 1 + (now - _tickStart) * _slices / _tickLength);
        return (int)(_burst * begun / _slices) - _sent;
    }

    /// <summary>When the next slice is due (a clock time), or <see cref="long.MaxValue"/> when the burst is all sent.</summary>
    public long NextSliceAt(long now)
    {
        if (Owed <= 0)
            return long.MaxValue;
        long begun = Math.Min(_slices, 1 + (now - _tickStart) * _slices / _tickLength);
        return begun >= _slices ? now : _tickStart + begun * _tickLength / _slices;
    }

    /// <summary>How long a thread may wait at <paramref name="now"/>: until the slice due at <paramref name="nextSliceAt"/> or the next tick, whichever comes first.</summary>
    public static TimeSpan WaitBefore(long now, long nextSliceAt, TimeSpan untilNextTick)
    {
        if (nextSliceAt == long.MaxValue)
            return untilNextTick;
        TimeSpan untilSlice = Stopwatch.GetElapsedTime(now, Math.Max(now, nextSliceAt));
        return untilSlice < untilNextTick ? untilSlice : untilNextTick;
    }

    /// <summary><paramref name="count"/> updates were sent, or given up (out of buffers: the rest of the tick is not sent).</summary>
    public void Sent(int count) => _sent = Math.Min(_burst, _sent + count);

    /// <summary>Nothing more is sent this tick (the rest was given up).</summary>
    public void GiveUpRest() => _sent = _burst;
}
