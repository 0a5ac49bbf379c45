using PerfTools.Common.Statistics;

namespace PerfTools.ConsPerf.Stats;

/// <summary>
/// Every latency sample of one <see cref="LatencyKind"/> on one thread (or over all threads), split as the summary
/// reports them: startup, steady state, and the whole run (which also gives the stats-interval figures).
/// Values are microseconds. Collector (main) thread only.
/// </summary>
public sealed class LatencySeries
{
    // One hour in microseconds: longer latencies are clamped (and counted by the histogram).
    private const long HighestLatencyUsec = 3_600_000_000;

    public LatencyAccumulator Startup { get; } = new(HighestLatencyUsec);

    public LatencyAccumulator SteadyState { get; } = new(HighestLatencyUsec);

    public LatencyAccumulator Overall { get; } = new(HighestLatencyUsec);

    public long Count => Overall.Overall.Count;

    /// <summary>Counts one sample. Allocates nothing.</summary>
    public void Record(long latencyUsec, LatencyPhase phase)
    {
        Overall.Record(latencyUsec);
        if (phase == LatencyPhase.Startup)
            Startup.Record(latencyUsec);
        else if (phase == LatencyPhase.SteadyState)
            SteadyState.Record(latencyUsec);
    }

    /// <summary>The figures since the previous call, then starts a new interval.</summary>
    public RunningStatistics TakeInterval() => Overall.TakeInterval();
}
