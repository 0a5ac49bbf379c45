namespace PerfTools.Common.Statistics;

/// <summary>The percentiles every latency section reports, in the histogram's recorded unit.</summary>
public readonly record struct LatencyPercentiles(long P50, long P90, long P99, long P999, long P9999, long Max);
