using PerfTools.Common.Statistics;
using PerfTools.Common.Threading;

namespace PerfTools.ConsPerf.Statistics;

/// <summary>
/// ConsPerf's statistics on the common collector: the collector counts and logs every sample, and this observer
/// also files each one under its phase (§4.2.1) by its receive time against the thread's last image and
/// -delaySteadyStateCalc: startup, steady-state delay (overall figures only) or steady state.
/// </summary>
public sealed class ConsumerStatistics : ILatencyObserver, IDisposable
{
    private readonly IReadOnlyList<ConsumerThreadStats> _threads;
    private readonly LatencySeries[][] _series;
    private readonly LatencySeries[] _total;
    private readonly long _steadyStateDelayUsec;

    /// <exception cref="IOException">A stats or latency file cannot be created (also <see cref="UnauthorizedAccessException"/>).</exception>
    public ConsumerStatistics(IReadOnlyList<ConsumerThreadStats> threads, int steadyStateDelayMs, StatsOutput output)
    {
        _threads = threads;
        _steadyStateDelayUsec = steadyStateDelayMs * 1000L;
        Collector = new StatsCollector<ConsumerThreadStats>(ConsStatistics.Layout, threads, output) { Observer = this };
        int kinds = ConsStatistics.Layout.Latencies.Count;
        _series = new LatencySeries[threads.Count][];
        for (int t = 0; t < threads.Count; t++)
        {
            _series[t] = new LatencySeries[kinds];
            for (int k = 0; k < kinds; k++)
                _series[t][k] = new LatencySeries(Collector.Latency(t, k));
        }
        _total = new LatencySeries[kinds];
        for (int k = 0; k < kinds; k++)
            _total[k] = new LatencySeries(Collector.AllLatency(k));
    }

    public StatsCollector<ConsumerThreadStats> Collector { get; }

    public IReadOnlyList<ConsumerThreadStats> Threads => _threads;

    /// <summary>Thread <paramref name="thread"/>'s samples of <paramref name="kind"/>.</summary>
    public LatencySeries Of(int thread, LatencyKind kind) => _series[thread][(int)kind];

    /// <summary>All threads' samples of <paramref name="kind"/>.</summary>
    public LatencySeries Total(LatencyKind kind) => _total[(int)kind];

    /// <summary>Moves every queued sample into the statistics (and the latency files).</summary>
    public void Drain() => Collector.DrainLatencies();

    void ILatencyObserver.OnLatency(int thread, int stream, in LatencyRecord record)
    {
        long imagesDone = _threads[thread].ImageRetrievalEndUsec;
        LatencyPhase phase = imagesDone == 0 || record.ReceiveTime < imagesDone ? LatencyPhase.Startup
            : record.ReceiveTime - imagesDone < _steadyStateDelayUsec ? LatencyPhase.SteadyStateDelay
            : LatencyPhase.SteadyState;
        _series[thread][stream].RecordPhase(record.Latency, phase);
        _total[stream].RecordPhase(record.Latency, phase);
    }

    public void Dispose() => Collector.Dispose();
}
