using PerfTools.Common.Statistics;

namespace PerfTools.ConsPerf.Statistics;

/// <summary>
/// Every latency sample of one <see cref="LatencyKind"/> on one thread (or over all threads), split as the summary
/// reports them: startup, steady state, and the whole run (the collector's own distribution, which also gives the
/// stats-interval figures). Values are microseconds. Collector (main) thread only.
/// </summary>
public sealed class LatencySeries
{
    /// <summary>One hour in microseconds: longer latencies are clamped (and counted by the histogram).</summary>
    public const long HighestLatencyUsec = 3_600_000_000;

    public LatencySeries(LatencyAccumulator overall) => Overall = overall;

    public LatencyAccumulator Startup { get; } = new(HighestLatencyUsec);

    public LatencyAccumulator SteadyState { get; } = new(HighestLatencyUsec);

    /// <summary>Every sample: the collector records it before the phase is known.</summary>
    public LatencyAccumulator Overall { get; }

    public long Count => Overall.Overall.Count;

    /// <summary>Counts a sample the collector has already put in <see cref="Overall"/> into its phase. Allocates nothing.</summary>
    public void RecordPhase(long latencyUsec, LatencyPhase phase)
    {
        if (phase == LatencyPhase.Startup)
            Startup.Record(latencyUsec);
        else if (phase == LatencyPhase.SteadyState)
            SteadyState.Record(latencyUsec);
    }
}
