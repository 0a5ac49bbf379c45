namespace PerfTools.ConsPerf.Stats;

/// <summary>
/// The final figures of one consumer thread, or of all threads summed, as the summary reports them.
/// Times are microseconds on the <see cref="Common.Timing.PerfTimestamp"/> clock; 0 means "never happened".
/// </summary>
public sealed record ConsumerFigures(
    int ItemCount,
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

    public static ConsumerFigures Of(ConsumerThreadStats s) => new(
        s.ItemCount, s.RequestsSent, s.RefreshesReceived, s.StartupUpdates, s.SteadyStateUpdates, s.PostsSent,
        s.GenMsgsSent, s.LatencyGenMsgsSent, s.GenMsgsReceived, s.FirstUpdateUsec, s.ImageRetrievalStartUsec,
        s.ImageRetrievalEndUsec, s.LatencyOf(LatencyKind.Update), s.LatencyOf(LatencyKind.Post),
        s.LatencyOf(LatencyKind.GenMsg));

    /// <summary>
    /// All threads together: counts and histograms summed; images retrieved from the earliest first request to the
    /// latest last image, and only when every thread with items got all of its images.
    /// </summary>
    public static ConsumerFigures Total(IReadOnlyList<ConsumerThreadStats> threads)
    {
        if (threads.Count == 1)
            return Of(threads[0]);
        var update = new LatencySeries();
        var post = new LatencySeries();
        var gen = new LatencySeries();
        long imageStart = 0, imageEnd = 0, firstUpdate = 0;
        bool allImages = true;
        foreach (ConsumerThreadStats t in threads)
        {
            t.LatencyOf(LatencyKind.Update).AddTo(update);
            t.LatencyOf(LatencyKind.Post).AddTo(post);
            t.LatencyOf(LatencyKind.GenMsg).AddTo(gen);
            imageStart = EarliestOf(imageStart, t.ImageRetrievalStartUsec);
            firstUpdate = EarliestOf(firstUpdate, t.FirstUpdateUsec);
            if (t.ItemCount > 0 && !t.AllImagesReceived)
                allImages = false;
            imageEnd = Math.Max(imageEnd, t.ImageRetrievalEndUsec);
        }
        return new ConsumerFigures(
            threads.Sum(t => t.ItemCount), threads.Sum(t => t.RequestsSent), threads.Sum(t => t.RefreshesReceived),
            threads.Sum(t => t.StartupUpdates), threads.Sum(t => t.SteadyStateUpdates), threads.Sum(t => t.PostsSent),
            threads.Sum(t => t.GenMsgsSent), threads.Sum(t => t.LatencyGenMsgsSent), threads.Sum(t => t.GenMsgsReceived),
            firstUpdate, imageStart, allImages ? imageEnd : 0, update, post, gen);
    }

    private static long EarliestOf(long current, long candidate) =>
        candidate != 0 && (current == 0 || candidate < current) ? candidate : current;
}
