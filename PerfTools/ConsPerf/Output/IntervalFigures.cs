using PerfTools.Common.Statistics;

namespace PerfTools.ConsPerf.Output;

/// <summary>What one thread did during one stats interval: the content of a stats row and of the console block.</summary>
public sealed record IntervalFigures(
    long Images,
    double UpdateRate,
    long PostsSent,
    long PostsOutOfBuffers,
    long GenMsgsSent,
    long LatencyGenMsgsSent,
    long GenMsgsReceived,
    long StatusMsgs,
    RunningStatistics UpdateLatency,
    RunningStatistics PostLatency,
    RunningStatistics GenMsgLatency);
