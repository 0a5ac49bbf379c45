namespace PerfTools.PerfReport.Input;

/// <summary>One message type's samples from a latency log: latencies in microseconds, receive times in seconds from the log's first sample.</summary>
internal sealed record LatencySamples(string MessageType, double[] LatencyMicros, double[] ReceiveSeconds);

/// <summary>A per-thread latency log (guide §4.6.3, §10.3), split by message type ("Upd", "Pst", "Gen"; "" when the log has none).</summary>
internal sealed record LatencyLog(string Label, IReadOnlyList<LatencySamples> ByType);
