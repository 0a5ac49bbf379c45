namespace PerfTools.ConsPerf.Statistics;

/// <summary>
/// The final figures of one consumer thread, or of all threads summed, as the summary reports them.
/// Times are microseconds on the <see cref="Common.Timing.PerfTimestamp"/> clock; 0 means "never happened".
/// </summary>
public sealed record ConsumerFigures(
    long ItemCount,
    long RequestsSent,
    long RefreshesReceived,
    long StartupUpdates,
    long SteadyStateUpdates,
    long PostsSent,
    long GenMsgsSent,
    long LatencyGenMsgsSent,
    long GenMsgsReceived,
    long FirstUpdateUsec,
    long ImageRetrievalStartUsec,
    long ImageRetrievalEndUsec,
    LatencySeries UpdateLatency,
    LatencySeries PostLatency,
    LatencySeries GenMsgLatency)
{
    public long UpdatesReceived => StartupUpdates + SteadyStateUpdates;

    public static ConsumerFigures Of(ConsumerStatistics statistics, int thread)
    {
        ConsumerThreadStats s = statistics.Threads[thread];
        return new(s.ItemCount, s.RequestsSent.Total, s.RefreshesReceived.Total, s.StartupUpdates.Total,
            s.SteadyStateUpdates.Total, s.PostsSent.Total, s.GenMsgsSent.Total, s.LatencyGenMsgsSent.Total,
            s.GenMsgsReceived.Total, s.FirstUpdateUsec, s.ImageRetrievalStartUsec, s.ImageRetrievalEndUsec,
            statistics.Of(thread, LatencyKind.Update), statistics.Of(thread, LatencyKind.Post), statistics.Of(thread, LatencyKind.GenMsg));
    }

    /// <summary>
    /// All threads together: counts summed, latency from the all-threads series; images retrieved from the earliest
    /// first request to the latest last image, and only when every thread with items got all of its images.
    /// </summary>
    public static ConsumerFigures Total(ConsumerStatistics statistics)
    {
        IReadOnlyList<ConsumerThreadStats> threads = statistics.Threads;
        if (threads.Count == 1)
            return Of(statistics, 0);
        long imageStart = 0, imageEnd = 0, firstUpdate = 0;
        bool allImages = true;
        foreach (ConsumerThreadStats t in threads)
        {
            imageStart = EarliestOf(imageStart, t.ImageRetrievalStartUsec);
            firstUpdate = EarliestOf(firstUpdate, t.FirstUpdateUsec);
            if (t.ItemCount > 0 && !t.AllImagesReceived)
                allImages = false;
            imageEnd = Math.Max(imageEnd, t.ImageRetrievalEndUsec);
        }
        return new ConsumerFigures(
            threads.Sum(t => (long)t.ItemCount), threads.Sum(t => t.RequestsSent.Total),
            threads.Sum(t => t.RefreshesReceived.Total), threads.Sum(t => t.StartupUpdates.Total),
            threads.Sum(t => t.SteadyStateUpdates.Total), threads.Sum(t => t.PostsSent.Total),
            threads.Sum(t => t.GenMsgsSent.Total), threads.Sum(t => t.LatencyGenMsgsSent.Total),
            threads.Sum(t => t.GenMsgsReceived.Total), firstUpdate, imageStart, allImages ? imageEnd : 0,
            statistics.Total(LatencyKind.Update), statistics.Total(LatencyKind.Post), statistics.Total(LatencyKind.GenMsg));
    }

    private static long EarliestOf(long current, long candidate) =>
        candidate != 0 && (current == 0 || candidate < current) ? candidate : current;
}
