using PerfTools.Common.Statistics;

namespace PerfTools.ConsPerf.Stats;

/// <summary>
/// Every latency sample of one <see cref="LatencyKind"/> on one thread (or summed over threads): histograms for the
/// startup, steady-state and overall sections of the summary, and running figures for the current stats interval.
/// Values are microseconds. Not thread-safe; <see cref="ConsumerThreadStats"/> guards it.
/// </summary>
public sealed class LatencySeries
{
    // One hour in microseconds: longer latencies are clamped (and counted by the histogram).
    private const long HighestLatencyUsec = 3_600_000_000;

    private RunningStatistics _interval;

    public LatencyHistogram Startup { get; } = new(HighestLatencyUsec);

    public LatencyHistogram SteadyState { get; } = new(HighestLatencyUsec);

    public LatencyHistogram Overall { get; } = new(HighestLatencyUsec);

    /// <summary>Counts one sample. Allocates nothing.</summary>
    public void Record(long latencyUsec, LatencyPhase phase)
    {
        Overall.Record(latencyUsec);
        if (phase == LatencyPhase.Startup)
            Startup.Record(latencyUsec);
        else if (phase == LatencyPhase.SteadyState)
            SteadyState.Record(latencyUsec);
        _interval.Add(latencyUsec);
    }

    /// <summary>The figures since the previous call, then starts a new interval.</summary>
    public RunningStatistics TakeInterval()
    {
        RunningStatistics interval = _interval;
        _interval.Reset();
        return interval;
    }

    /// <summary>Adds this series' histograms into <paramref name="total"/> (for the all-threads summary).</summary>
    public void AddTo(LatencySeries total)
    {
        total.Startup.Add(Startup);
        total.SteadyState.Add(SteadyState);
        total.Overall.Add(Overall);
    }
}
