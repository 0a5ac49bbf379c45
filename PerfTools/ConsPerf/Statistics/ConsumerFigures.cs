namespace PerfTools.ConsPerf.Stats;

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

    public static ConsumerFigures Of(LatencyCollector c)
    {
        ConsumerThreadStats s = c.Source;
        return new(s.ItemCount, s.RequestsSent.Total, s.RefreshesReceived.Total, s.StartupUpdates.Total,
            s.SteadyStateUpdates.Total, s.PostsSent.Total, s.GenMsgsSent.Total, s.LatencyGenMsgsSent.Total,
            s.GenMsgsReceived.Total, s.FirstUpdateUsec, s.ImageRetrievalStartUsec, s.ImageRetrievalEndUsec,
            c.Of(LatencyKind.Update), c.Of(LatencyKind.Post), c.Of(LatencyKind.GenMsg));
    }

    /// <summary>
    /// All threads together: counts summed, latency from <paramref name="total"/> (recorded by the collectors);
    /// images retrieved from the earliest first request to the latest last image, and only when every thread with
    /// items got all of its images.
    /// </summary>
    public static ConsumerFigures Total(IReadOnlyList<LatencyCollector> collectors, LatencySeries[]? total)
    {
        if (collectors.Count == 1 || total is null)
            return Of(collectors[0]);
        ConsumerThreadStats[] threads = collectors.Select(c => c.Source).ToArray();
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
            total[(int)LatencyKind.Update], total[(int)LatencyKind.Post], total[(int)LatencyKind.GenMsg]);
    }

    private static long EarliestOf(long current, long candidate) =>
        candidate != 0 && (current == 0 || candidate < current) ? candidate : current;
}
