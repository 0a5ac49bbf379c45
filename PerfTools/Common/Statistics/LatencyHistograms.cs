using System.Runtime.CompilerServices;
using HdrHistogram;

namespace PerfTools.Common.Statistics;

/// <summary>
/// The one place the suite configures HdrHistogram: every latency distribution is a <see cref="LongHistogram"/>
/// with three significant digits (relative error below 0.1%) from 1 to the stream's highest trackable value,
/// written as HdrHistogram's own percentile distribution (<c>.hgrm</c>), which its plotters read.
/// </summary>
public static class LatencyHistograms
{
    /// <summary>One hour in nanoseconds: TransportPerf's range. The OMM tools' microseconds use one hour in microseconds.</summary>
    public const long DefaultHighestTrackableValue = 3_600_000_000_000;

    public const int SignificantDigits = 3;

    public static LongHistogram Create(long highestTrackableValue = DefaultHighestTrackableValue) =>
        new(highestTrackableValue, SignificantDigits);

    /// <summary>
    /// Counts one value, clamped into the histogram's range (HdrHistogram throws outside it): negative values (clock
    /// steps between hosts) count as 0, values beyond the range as the highest trackable value. Allocates nothing.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void RecordClamped(HistogramBase histogram, long value) =>
        histogram.RecordValue(Math.Clamp(value, 0, histogram.HighestTrackableValue));

    /// <summary>
    /// Writes <paramref name="histogram"/> with HdrHistogram's <c>OutputPercentileDistribution</c> (5 ticks per half
    /// distance); <paramref name="unitsPerOutputUnit"/> divides recorded values, e.g. 1000 for nanoseconds shown in microseconds.
    /// </summary>
    public static void WritePercentileDistribution(TextWriter writer, HistogramBase histogram, double unitsPerOutputUnit) =>
        histogram.OutputPercentileDistribution(writer, percentileTicksPerHalfDistance: 5, outputValueUnitScalingRatio: unitsPerOutputUnit);
}
