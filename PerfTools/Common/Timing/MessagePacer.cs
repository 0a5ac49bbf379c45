namespace PerfTools.Common.Timing;

/// <summary>
/// Per-tick sending plan for one message stream: how many messages this tick sends (<see cref="BurstPlan"/>)
/// and which of them carry a latency timestamp (<see cref="LatencyRandomArray"/>). Call <see cref="BeginTick"/>
/// once per tick, then <see cref="NextCarriesLatency"/> once per message sent, in order. Allocates nothing.
/// Messages a tick could not send (e.g. out of buffers) are simply not sent; the per-second total is only
/// exact when every burst is sent in full, as in the guide's tools.
/// </summary>
public sealed class MessagePacer
{
    private readonly BurstPlan _plan;
    private readonly LatencyRandomArray _latency;
    private int _tickInSecond = -1;
    private long _second;
    private int _messageInSecond;
    private int _latencyCursor;

    public MessagePacer(int rate, int latencyRate, int tickRate, int seed = 1)
    {
        _plan = new BurstPlan(rate, tickRate);
        _latency = new LatencyRandomArray(rate, latencyRate, seed);
    }

    public BurstPlan Plan => _plan;

    /// <summary>Starts the next tick and returns the number of messages it should send.</summary>
    public int BeginTick()
    {
        _tickInSecond++;
        if (_tickInSecond == _plan.TickRate)
        {
            _tickInSecond = 0;
            _second++;
        }
        if (_tickInSecond == 0)
            _latencyCursor = 0;
        _messageInSecond = _plan.FirstMessageOfTick(_tickInSecond);
        return _plan.BurstSize(_tickInSecond);
    }

    /// <summary>Whether the next message of this tick's burst should carry a timestamp.</summary>
    public bool NextCarriesLatency()
    {
        int index = _messageInSecond++;
        if (_latency.EveryMessage)
            return true;
        ReadOnlySpan<int> positions = _latency.PositionsForSecond(_second);
        if (_latencyCursor < positions.Length && positions[_latencyCursor] == index)
        {
            _latencyCursor++;
            return true;
        }
        return false;
    }
}
