using PerfTools.Common.Resources;

namespace PerfTools.Common.Statistics;

/// <summary>
/// What one thread (or all threads together) did in the last stats interval, and its totals so far: the content
/// of a stats row and of a console block. One instance per thread, refilled every interval (nothing allocated).
/// </summary>
public sealed class IntervalFigures
{
    private readonly long[] _counts;
    private readonly long[] _totals;
    private readonly RunningStatistics[] _latency;

    /// <summary>Made and refilled by the collector; tests and fixtures may build their own.</summary>
    public IntervalFigures(int thread, int counters, int streams)
    {
        Thread = thread;
        _counts = new long[counters];
        _totals = new long[counters];
        _latency = new RunningStatistics[streams];
    }

    /// <summary>0-based thread index; -1 for all threads together.</summary>
    public int Thread { get; }

    public DateTime Utc { get; set; }

    /// <summary>Seconds since the collector started (<see cref="StatsCollector{TThread}.Start"/>).</summary>
    public double ElapsedSeconds { get; set; }

    /// <summary>Length of the interval in seconds.</summary>
    public double Seconds { get; set; }

    public ResourceSample Resources { get; set; }

    /// <summary>How much counter <paramref name="counter"/> grew during the interval.</summary>
    public long Count(int counter) => _counts[counter];

    /// <summary>Counter <paramref name="counter"/>'s total up to the end of the interval.</summary>
    public long Total(int counter) => _totals[counter];

    /// <summary>Latency stream <paramref name="stream"/>'s samples taken during the interval.</summary>
    public RunningStatistics Latency(int stream) => _latency[stream];

    /// <summary>Sets counter <paramref name="counter"/>'s new total; the interval's count is the growth since the last.</summary>
    public void SetCount(int counter, long total)
    {
        _counts[counter] = total - _totals[counter];
        _totals[counter] = total;
    }

    /// <summary>Sets a count and total directly (sums over threads).</summary>
    public void SetSum(int counter, long count, long total)
    {
        _counts[counter] = count;
        _totals[counter] = total;
    }

    public void SetLatency(int stream, in RunningStatistics interval) => _latency[stream] = interval;
}
