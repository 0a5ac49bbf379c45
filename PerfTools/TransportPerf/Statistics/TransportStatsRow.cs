using PerfTools.Common.Statistics;

namespace PerfTools.TransportPerf.Statistics;

/// <summary>One stats interval of one thread (or of all threads, for the console). Latency in nanoseconds.</summary>
internal readonly record struct TransportStatsRow(
    DateTime Utc,
    double IntervalSeconds,
    long MsgsSent,
    long BytesSent,
    long MsgsReceived,
    long BytesReceived,
    RunningStatistics Latency,
    long SequenceErrors,
    long MissingMessages,
    long OutOfBuffers,
    double CpuPercent,
    double MemoryMegabytes);
