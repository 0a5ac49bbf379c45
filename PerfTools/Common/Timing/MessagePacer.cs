namespace PerfTools.Common.Timing;

/// <summary>
/// Per-tick sending plan for one message stream: how many messages this tick sends (<see cref="BurstPlan"/>)
/// and which of them carry a latency timestamp (<see cref="LatencyRandomArray"/>). Call <see cref="BeginTick(long)"/>
/// once per tick, then <see cref="NextCarriesLatency"/> once per message sent, in order. Allocates nothing.
/// Messages a tick could not send (out of buffers, or ticks the loop skipped because it fell behind:
/// <see cref="MessagesSkipped"/>) are simply not sent; the per-second total is only exact when every burst is
/// sent in full, as in the guide's tools. Messages not sent never shift the latency positions of those that are.
/// </summary>
public sealed class MessagePacer
{
    private readonly BurstPlan _plan;
    private readonly LatencyRandomArray _latency;
    private int _tickInSecond = -1;
    private long _second;
    private int _messageInSecond;
    private int _latencyCursor;
    private long _lastTick = long.MinValue;
    // The current second's latency positions (none when every message or no message carries latency), taken once per
    // second rather than looked up for every message: that lookup's division was 5% of a blasting sender's time.
    private int[] _positions = [];
    private readonly bool _everyMessage;

    public MessagePacer(int rate, int latencyRate, int tickRate, int seed = 1)
    {
        _plan = new BurstPlan(rate, tickRate);
        _latency = new LatencyRandomArray(rate, latencyRate, seed);
        _everyMessage = _latency.EveryMessage;
    }

    public BurstPlan Plan => _plan;

    /// <summary>Messages of the ticks that the last <see cref="BeginTick(long)"/> passed over.</summary>
    public long MessagesSkipped { get; private set; }

    /// <summary>Starts the next tick and returns the number of messages it should send.</summary>
    public int BeginTick()
    {
        MessagesSkipped = 0;
        NextTickInSecond();
        return StartBurst();
    }

    /// <summary>
    /// Starts tick <paramref name="tickNumber"/> of the tick loop and returns the number of messages it should send.
    /// Ticks between the previous call's and this one (the loop skipped them) are passed over: their messages are
    /// <see cref="MessagesSkipped"/>.
    /// </summary>
    public int BeginTick(long tickNumber)
    {
        long gap = _lastTick == long.MinValue ? 0 : tickNumber - _lastTick - 1;
        _lastTick = tickNumber;
        if (gap <= 0)
            return BeginTick();
        long skipped = gap / _plan.TickRate * (long)_plan.Rate;
        _second += gap / _plan.TickRate;
        for (long i = gap % _plan.TickRate; i > 0; i--)
        {
            NextTickInSecond();
            skipped += _plan.BurstSize(_tickInSecond);
        }
        NextTickInSecond();
        MessagesSkipped = skipped;
        return StartBurst();
    }

    /// <summary>Whether the next message of this tick's burst should carry a timestamp.</summary>
    public bool NextCarriesLatency()
    {
        int index = _messageInSecond++;
        if (_everyMessage)
            return true;
        int[] positions = _positions;
        if ((uint)_latencyCursor < (uint)positions.Length && positions[_latencyCursor] == index)
        {
            _latencyCursor++;
            return true;
        }
        return false;
    }

    private void NextTickInSecond()
    {
        _tickInSecond++;
        if (_tickInSecond == _plan.TickRate)
        {
            _tickInSecond = 0;
            _second++;
        }
    }

    // Positions of messages before this burst (earlier ticks, or what earlier bursts did not send) are passed over.
    private int StartBurst()
    {
        _messageInSecond = _plan.FirstMessageOfTick(_tickInSecond);
        if (_tickInSecond == 0)
            _latencyCursor = 0;
        if (!_everyMessage)
        {
            _positions = _latency.SetForSecond(_second);
            while (_latencyCursor < _positions.Length && _positions[_latencyCursor] < _messageInSecond)
                _latencyCursor++;
        }
        return _plan.BurstSize(_tickInSecond);
    }
}
