namespace PerfTools.PerfReport.Input;

/// <summary>One row of a percentile distribution: the latency (microseconds) at or below which <see cref="Percentile"/> of samples fall.</summary>
internal readonly record struct PercentilePoint(double ValueMicros, double Percentile, long TotalCount);

/// <summary>
/// A latency percentile distribution, as an HdrHistogram <c>.hgrm</c> file holds it or as computed from a latency log.
/// <see cref="Source"/> says which, for the legend and the table.
/// </summary>
internal sealed record PercentileDistribution(string Label, string Source, IReadOnlyList<PercentilePoint> Points,
    double? MeanMicros, double? MaxMicros)
{
    public long TotalCount => Points.Count == 0 ? 0 : Points[^1].TotalCount;
}
