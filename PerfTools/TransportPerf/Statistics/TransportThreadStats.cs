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

    /// <summary>
    /// Lengths of the messages sent (-msgSize each; what was reflected), counted as the receiver counts
    /// <see cref="BytesReceived"/>, so the two agree for the same messages (README, "Bytes").
    /// </summary>
    public CountStat BytesSent { get; } = new();

    /// <summary>Bytes the transport reported written for our messages (Write's bytesWritten: RIPC and packing headers, compression).</summary>
    public CountStat BytesWritten { get; } = new();

    public CountStat MsgsReceived { get; } = new();

    /// <summary>Message lengths as returned by Read (no transport overhead).</summary>
    public CountStat BytesReceived { get; } = new();

    /// <summary>Messages not sent in their tick because the channel had no room for them in all of the tick's time.</summary>
    public CountStat OutOfBuffers { get; } = new();

    /// <summary>Messages of ticks the thread skipped because it had fallen too far behind its schedule.</summary>
    public CountStat BehindSchedule { get; } = new();

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
