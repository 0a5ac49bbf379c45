using PerfTools.Common.Output;
using PerfTools.Common.Threading;

namespace PerfTools.ConsPerf.Stats;

/// <summary>
/// The main thread's side of one consumer thread's latency: drains the thread's queues, decides for each sample
/// whether it is startup, steady-state delay or steady state (by its receive time against the thread's last image
/// and -delaySteadyStateCalc), records it for the thread and for the all-threads total, and logs it when
/// -latencyFile is set.
/// </summary>
public sealed class LatencyCollector : IDisposable
{
    private readonly ConsumerThreadStats _source;
    private readonly LatencySeries[] _thread = [new(), new(), new()];
    private readonly LatencySeries[]? _total;
    private readonly long _steadyStateDelayUsec;
    private readonly LatencyFileWriter? _log;

    /// <param name="total">The all-threads series to record into as well, or null with a single thread.</param>
    public LatencyCollector(ConsumerThreadStats source, LatencySeries[]? total, int steadyStateDelayMs, string? logPath)
    {
        _source = source;
        _total = total;
        _steadyStateDelayUsec = steadyStateDelayMs * 1000L;
        if (logPath is not null)
            _log = new LatencyFileWriter(logPath, "Message type, Send time, Receive time, Latency (usec)");
    }

    public ConsumerThreadStats Source => _source;

    public LatencySeries Of(LatencyKind kind) => _thread[(int)kind];

    /// <summary>Moves every queued sample into the statistics.</summary>
    public void Drain()
    {
        Drain(LatencyKind.Update, "Upd");
        Drain(LatencyKind.Post, "Pst");
        Drain(LatencyKind.GenMsg, "Gen");
        _log?.Flush();
    }

    private void Drain(LatencyKind kind, string tag)
    {
        long imagesDone = _source.ImageRetrievalEndUsec;
        while (_source.TryTakeLatency(kind, out LatencyRecord record))
        {
            LatencyPhase phase = imagesDone == 0 || record.ReceiveTime < imagesDone ? LatencyPhase.Startup
                : record.ReceiveTime - imagesDone < _steadyStateDelayUsec ? LatencyPhase.SteadyStateDelay
                : LatencyPhase.SteadyState;
            _thread[(int)kind].Record(record.Latency, phase);
            _total?[(int)kind].Record(record.Latency, phase);
            _log?.WriteSample(tag, record.SendTime, record.ReceiveTime, record.Latency);
        }
    }

    public void Dispose() => _log?.Dispose();
}
