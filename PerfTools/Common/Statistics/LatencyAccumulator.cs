using HdrHistogram;

namespace PerfTools.Common.Statistics;

/// <summary>
/// The collector-side record of one latency stream (e.g. one thread's updates): exact statistics for the current
/// stats interval and for the whole run, and an HdrHistogram for percentiles. Values are in the tool's timestamp
/// unit. <see cref="Record"/> allocates nothing.
/// </summary>
public sealed class LatencyAccumulator
{
    private RunningStatistics _interval;
    private RunningStatistics _overall;

    public LatencyAccumulator(long highestTrackableValue = LatencyHistograms.DefaultHighestTrackableValue) =>
        Histogram = LatencyHistograms.Create(highestTrackableValue);

    public LongHistogram Histogram { get; }

    public RunningStatistics Overall => _overall;

    public void Record(long latency)
    {
        _interval.Add(latency);
        _overall.Add(latency);
        LatencyHistograms.RecordClamped(Histogram, latency);
    }

    /// <summary>Returns the statistics since the previous call and starts a new interval.</summary>
    public RunningStatistics TakeInterval()
    {
        RunningStatistics interval = _interval;
        _interval.Reset();
        return interval;
    }
}
