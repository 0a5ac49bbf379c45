namespace PerfTools.Common.Statistics;

/// <summary>
/// The collector-side record of one latency stream (e.g. one thread's updates): statistics for the current
/// stats interval, for the whole run, and a histogram for percentiles. Values are in the tool's timestamp unit.
/// </summary>
public sealed class LatencyAccumulator
{
    private RunningStatistics _interval;
    private RunningStatistics _overall;

    public LatencyAccumulator(long highestTrackableValue = 3_600_000_000_000) =>
        Histogram = new LatencyHistogram(highestTrackableValue);

    public LatencyHistogram Histogram { get; }

    public RunningStatistics Overall => _overall;

    public void Record(long latency)
    {
        _interval.Add(latency);
        _overall.Add(latency);
        Histogram.Record(latency);
    }

    /// <summary>Returns the statistics since the previous call and starts a new interval.</summary>
    public RunningStatistics TakeInterval()
    {
        RunningStatistics interval = _interval;
        _interval.Reset();
        return interval;
    }
}
