namespace PerfTools.Common.Statistics;

/// <summary>
/// Where a collector writes: each thread's stats file and, when the tool logs latencies, each thread's latency file
/// (paths by 1-based thread number), with the latency file's header and unit. <paramref name="OpenFile"/> opens a path
/// for writing (a new file by default); tests give a stream that fails as a full disk does.
/// </summary>
public sealed record StatsOutput(Func<int, string>? StatsPath, Func<int, string>? LatencyPath = null,
    string LatencyHeader = "Message type, Send time, Receive time, Latency (usec)", double LatencyUnitsPerMicrosecond = 1,
    Func<string, Stream>? OpenFile = null);
