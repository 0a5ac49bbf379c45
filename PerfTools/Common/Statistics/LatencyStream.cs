using PerfTools.Common.Threading;

namespace PerfTools.Common.Statistics;

/// <summary>
/// One kind of latency a tool's threads measure (e.g. ConsPerf's updates, posts and generic messages): where the
/// collector takes each thread's samples from, and the message type written before them in the latency file
/// (null: no type column, as TransportPerf's file); <paramref name="Logged"/> false keeps a stream out of the latency
/// file (ProvPerf's login round trips).
/// </summary>
public sealed record LatencyStream<TThread>(Func<TThread, LatencyRecordQueue> Queue, string? FileTag = null,
    long HighestTrackableValue = LatencyHistograms.DefaultHighestTrackableValue, bool Logged = true);
