using PerfTools.Common.Threading;

namespace PerfTools.ConsPerf.Statistics;

/// <summary>
/// What one consumer thread counts and measures, shared with the main (collector) thread without locks: counters are
/// <see cref="CountStat"/>s, latency samples go through one <see cref="LatencyRecordQueue"/> per kind, and times are
/// single-writer fields. Times are <see cref="Common.Timing.PerfTimestamp"/> microseconds; 0 means "not yet".
/// </summary>
public sealed class ConsumerThreadStats
{
    private readonly LatencyRecordQueue[] _latency =
        [new(1 << 16), new(1 << 14), new(1 << 14)]; // indexed by LatencyKind: updates, posts, generic messages
    private long _connectedUsec;
    private long _firstUpdateUsec;
    private long _imageRetrievalStartUsec;
    private long _imageRetrievalEndUsec;

    public ConsumerThreadStats(int threadNumber, int itemCount)
    {
        ThreadNumber = threadNumber;
        ItemCount = itemCount;
    }

    /// <summary>1-based, as in the file names ConsStats1.csv, ConsStats2.csv.</summary>
    public int ThreadNumber { get; }

    /// <summary>Items this thread requests.</summary>
    public int ItemCount { get; }

    public CountStat RequestsSent { get; } = new();
    public CountStat RefreshesReceived { get; } = new();
    /// <summary>Items whose first complete Open/Ok (or snapshot) image arrived.</summary>
    public CountStat ImagesReceived { get; } = new();
    public CountStat StartupUpdates { get; } = new();
    public CountStat SteadyStateUpdates { get; } = new();
    public CountStat PostsSent { get; } = new();
    public CountStat PostsOutOfBuffers { get; } = new();
    public CountStat GenMsgsSent { get; } = new();
    public CountStat LatencyGenMsgsSent { get; } = new();
    public CountStat GenMsgsReceived { get; } = new();
    public CountStat StatusMsgsReceived { get; } = new();

    public long UpdatesReceived => StartupUpdates.Total + SteadyStateUpdates.Total;
    /// <summary>When the connection to the provider was established (the test begins, §4.2.1).</summary>
    public long ConnectedUsec => Volatile.Read(ref _connectedUsec);
    public long FirstUpdateUsec => Volatile.Read(ref _firstUpdateUsec);
    public long ImageRetrievalStartUsec => Volatile.Read(ref _imageRetrievalStartUsec);
    public long ImageRetrievalEndUsec => Volatile.Read(ref _imageRetrievalEndUsec);
    public bool AllImagesReceived => ImageRetrievalEndUsec != 0;

    // ---- consumer thread ----

    public void MarkConnected(long nowUsec) => Volatile.Write(ref _connectedUsec, nowUsec);

    public void CountRequest(long nowUsec)
    {
        if (_imageRetrievalStartUsec == 0)
            Volatile.Write(ref _imageRetrievalStartUsec, nowUsec);
        RequestsSent.Increment();
    }

    /// <summary>Counts an item's first image; the last one ends the startup phase.</summary>
    public void CountImage(long nowUsec)
    {
        ImagesReceived.Increment();
        if (ImagesReceived.Total == ItemCount)
            Volatile.Write(ref _imageRetrievalEndUsec, nowUsec);
    }

    /// <summary>True until the first update is counted: only then does <see cref="CountUpdate"/> need the time.</summary>
    public bool AwaitsFirstUpdate => _firstUpdateUsec == 0;

    /// <summary>Counts an update; <paramref name="nowUsec"/> is read only while <see cref="AwaitsFirstUpdate"/>.</summary>
    public void CountUpdate(long nowUsec)
    {
        if (_firstUpdateUsec == 0)
            Volatile.Write(ref _firstUpdateUsec, nowUsec);
        if (_imageRetrievalEndUsec == 0)
            StartupUpdates.Increment();
        else
            SteadyStateUpdates.Increment();
    }

    public void CountGenMsgSent(bool withLatency)
    {
        GenMsgsSent.Increment();
        if (withLatency)
            LatencyGenMsgsSent.Increment();
    }

    /// <summary>Hands one latency sample to the collector. Allocates nothing.</summary>
    public void RecordLatency(LatencyKind kind, long sendUsec, long receiveUsec) =>
        _latency[(int)kind].TryEnqueue(sendUsec, receiveUsec);

    // ---- collector thread ----

    public bool TryTakeLatency(LatencyKind kind, out LatencyRecord record) => _latency[(int)kind].TryDequeue(out record);

    /// <summary>The queue carrying <paramref name="kind"/>'s samples to the collector.</summary>
    public LatencyRecordQueue Queue(LatencyKind kind) => _latency[(int)kind];
}
