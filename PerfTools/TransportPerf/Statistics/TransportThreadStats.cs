using PerfTools.Common.Threading;

namespace PerfTools.TransportPerf.Statistics;

/// <summary>
/// One transport thread's counters, written by that thread only and read by the main thread's collector
/// without locks (<see cref="CountStat"/>), plus the queue carrying its latency measurements.
/// </summary>
public sealed class TransportThreadStats
{
    public TransportThreadStats(int threadNumber) => ThreadNumber = threadNumber;

    /// <summary>1-based, as in the stats file names.</summary>
    public int ThreadNumber { get; }

    public CountStat MsgsSent { get; } = new();

    /// <summary>Bytes the transport put on the wire for our writes (headers, packing, compression included).</summary>
    public CountStat BytesSent { get; } = new();

    public CountStat MsgsReceived { get; } = new();

    /// <summary>Message lengths as returned by Read (no transport overhead).</summary>
    public CountStat BytesReceived { get; } = new();

    /// <summary>Messages not sent in their tick because no output buffer was available.</summary>
    public CountStat OutOfBuffers { get; } = new();

    /// <summary>Messages whose sequence number was not the expected one.</summary>
    public CountStat SequenceErrors { get; } = new();

    /// <summary>Sequence numbers skipped (never received).</summary>
    public CountStat MissingMessages { get; } = new();

    /// <summary>Messages a reflector could not echo (no output buffer even after a flush): gaps at the sender.</summary>
    public CountStat ReflectionsDropped { get; } = new();

    /// <summary>Messages too short to hold a sequence number and timestamp.</summary>
    public CountStat MalformedMessages { get; } = new();

    public LatencyRecordQueue Latencies { get; } = new();

    /// <summary>Clock time (Stopwatch ticks) of the first connection becoming active; 0 before. Written once by the thread.</summary>
    public long FirstConnectTime => Volatile.Read(ref _firstConnectTime);

    private long _firstConnectTime;

    public void MarkConnected(long timestamp) => Interlocked.CompareExchange(ref _firstConnectTime, timestamp, 0);
}
