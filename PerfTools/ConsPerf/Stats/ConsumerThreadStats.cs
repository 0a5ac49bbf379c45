using PerfTools.Common.Statistics;

namespace PerfTools.ConsPerf.Stats;

/// <summary>
/// What one consumer thread has counted and measured. The consumer thread is the only writer; the main thread reads
/// counters at any time (single-writer fields read with <see cref="Volatile"/>) and takes the interval latency figures
/// under a lock that the writer holds only while recording a latency sample (at most a few thousand per second).
/// Times are <see cref="Common.Timing.PerfTimestamp"/> microseconds; 0 means "not yet".
/// </summary>
public sealed class ConsumerThreadStats
{
    private readonly object _latencyLock = new();
    private readonly LatencySeries[] _latency = [new(), new(), new()];
    private readonly long _steadyStateDelayUsec;

    private long _requestsSent;
    private long _refreshesReceived;
    private long _imagesReceived;
    private long _startupUpdates;
    private long _steadyStateUpdates;
    private long _postsSent;
    private long _postsOutOfBuffers;
    private long _genMsgsSent;
    private long _latencyGenMsgsSent;
    private long _genMsgsReceived;
    private long _statusMsgsReceived;
    private long _firstUpdateUsec;
    private long _imageRetrievalStartUsec;
    private long _imageRetrievalEndUsec;

    public ConsumerThreadStats(int threadNumber, int itemCount, int steadyStateDelayMs)
    {
        ThreadNumber = threadNumber;
        ItemCount = itemCount;
        _steadyStateDelayUsec = steadyStateDelayMs * 1000L;
    }

    /// <summary>1-based, as in the file names ConsStats1.csv, ConsStats2.csv.</summary>
    public int ThreadNumber { get; }

    /// <summary>Items this thread requests.</summary>
    public int ItemCount { get; }

    public long RequestsSent => Volatile.Read(ref _requestsSent);
    public long RefreshesReceived => Volatile.Read(ref _refreshesReceived);
    /// <summary>Items whose first complete Open/Ok (or snapshot) image arrived.</summary>
    public long ImagesReceived => Volatile.Read(ref _imagesReceived);
    public long StartupUpdates => Volatile.Read(ref _startupUpdates);
    public long SteadyStateUpdates => Volatile.Read(ref _steadyStateUpdates);
    public long UpdatesReceived => StartupUpdates + SteadyStateUpdates;
    public long PostsSent => Volatile.Read(ref _postsSent);
    public long PostsOutOfBuffers => Volatile.Read(ref _postsOutOfBuffers);
    public long GenMsgsSent => Volatile.Read(ref _genMsgsSent);
    public long LatencyGenMsgsSent => Volatile.Read(ref _latencyGenMsgsSent);
    public long GenMsgsReceived => Volatile.Read(ref _genMsgsReceived);
    public long StatusMsgsReceived => Volatile.Read(ref _statusMsgsReceived);
    public long FirstUpdateUsec => Volatile.Read(ref _firstUpdateUsec);
    public long ImageRetrievalStartUsec => Volatile.Read(ref _imageRetrievalStartUsec);
    public long ImageRetrievalEndUsec => Volatile.Read(ref _imageRetrievalEndUsec);
    public bool AllImagesReceived => ImageRetrievalEndUsec != 0;

    // ---- writer side (the consumer thread) ----

    public void CountRequest(long nowUsec)
    {
        if (_imageRetrievalStartUsec == 0)
            Volatile.Write(ref _imageRetrievalStartUsec, nowUsec);
        Volatile.Write(ref _requestsSent, _requestsSent + 1);
    }

    public void CountRefresh() => Volatile.Write(ref _refreshesReceived, _refreshesReceived + 1);

    /// <summary>Counts an item's first image; the last one ends the startup phase.</summary>
    public void CountImage(long nowUsec)
    {
        Volatile.Write(ref _imagesReceived, _imagesReceived + 1);
        if (_imagesReceived == ItemCount)
            Volatile.Write(ref _imageRetrievalEndUsec, nowUsec);
    }

    public void CountUpdate(long nowUsec)
    {
        if (_firstUpdateUsec == 0)
            Volatile.Write(ref _firstUpdateUsec, nowUsec);
        if (_imageRetrievalEndUsec == 0)
            Volatile.Write(ref _startupUpdates, _startupUpdates + 1);
        else
            Volatile.Write(ref _steadyStateUpdates, _steadyStateUpdates + 1);
    }

    public void CountPostSent() => Volatile.Write(ref _postsSent, _postsSent + 1);
    public void CountPostOutOfBuffers() => Volatile.Write(ref _postsOutOfBuffers, _postsOutOfBuffers + 1);

    public void CountGenMsgSent(bool withLatency)
    {
        Volatile.Write(ref _genMsgsSent, _genMsgsSent + 1);
        if (withLatency)
            Volatile.Write(ref _latencyGenMsgsSent, _latencyGenMsgsSent + 1);
    }

    public void CountGenMsgReceived() => Volatile.Write(ref _genMsgsReceived, _genMsgsReceived + 1);
    public void CountStatusMsg() => Volatile.Write(ref _statusMsgsReceived, _statusMsgsReceived + 1);

    /// <summary>Records one latency sample taken at <paramref name="receiveUsec"/>. Allocates nothing.</summary>
    public void RecordLatency(LatencyKind kind, long sendUsec, long receiveUsec)
    {
        LatencyPhase phase = PhaseAt(receiveUsec);
        lock (_latencyLock)
            _latency[(int)kind].Record(receiveUsec - sendUsec, phase);
    }

    private LatencyPhase PhaseAt(long receiveUsec)
    {
        long imagesDone = _imageRetrievalEndUsec;
        if (imagesDone == 0)
            return LatencyPhase.Startup;
        return receiveUsec - imagesDone < _steadyStateDelayUsec ? LatencyPhase.SteadyStateDelay : LatencyPhase.SteadyState;
    }

    // ---- reader side (the main thread) ----

    /// <summary>The interval figures of <paramref name="kind"/> since the previous call.</summary>
    public RunningStatistics TakeIntervalLatency(LatencyKind kind)
    {
        lock (_latencyLock)
            return _latency[(int)kind].TakeInterval();
    }

    /// <summary>The whole-run series of <paramref name="kind"/>; read it only after the thread has stopped.</summary>
    public LatencySeries LatencyOf(LatencyKind kind) => _latency[(int)kind];
}
