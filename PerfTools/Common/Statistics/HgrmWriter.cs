using System.Globalization;

namespace PerfTools.Common.Statistics;

/// <summary>
/// Writes a <see cref="LatencyHistogram"/> as an HdrHistogram "percentile distribution" text file (.hgrm),
/// the format HdrHistogram's plotter and other engines' benchmark results use:
/// <code>
///        Value     Percentile TotalCount 1/(1-Percentile)
///
///       82.700 0.000000000000          1           1.00
///      ...
///     1851.100 1.000000000000     100000
/// #[Mean    =      100.632, StdDeviation   =       19.468]
/// #[Max     =     1851.100, Total count    =       100000]
/// #[Buckets =           17, SubBuckets     =         2048]
/// </code>
/// Percentile steps halve the remaining distance every <c>ticksPerHalfDistance</c> rows.
/// </summary>
public static class HgrmWriter
{
    /// <param name="valueScale">Divides recorded values for output, e.g. 1000 to print nanosecond recordings in microseconds.</param>
    public static void Write(TextWriter writer, LatencyHistogram histogram, double valueScale = 1.0, int ticksPerHalfDistance = 5)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(ticksPerHalfDistance, 1);
        CultureInfo c = CultureInfo.InvariantCulture;
        writer.Write(string.Format(c, "{0,12} {1,14} {2,10} {3,14}\n\n", "Value", "Percentile", "TotalCount", "1/(1-Percentile)"));

        long total = histogram.TotalCount;
        if (total > 0)
            WriteRows(writer, histogram, valueScale, ticksPerHalfDistance, total, c);

        writer.Write(string.Format(c, "#[Mean    = {0,12:F3}, StdDeviation   = {1,12:F3}]\n",
            histogram.Mean / valueScale, histogram.StandardDeviation / valueScale));
        writer.Write(string.Format(c, "#[Max     = {0,12:F3}, Total count    = {1,12}]\n", histogram.Max / valueScale, total));
        writer.Write(string.Format(c, "#[Buckets = {0,12}, SubBuckets     = {1,12}]\n", histogram.BucketCount, histogram.SubBucketCount));
    }

    private static void WriteRows(TextWriter writer, LatencyHistogram histogram, double valueScale, int ticksPerHalfDistance,
        long total, CultureInfo c)
    {
        double levelToReach = 0.0;
        long runningCount = 0;
        for (int index = 0; index < histogram.CountsLength; index++)
        {
            long count = histogram.CountAtIndex(index);
            if (count == 0)
                continue;
            runningCount += count;
            double reachedPercent = 100.0 * runningCount / total;
            double value = Math.Min(histogram.HighestEquivalentValue(histogram.ValueFromIndex(index)), histogram.Max) / valueScale;
            bool lastSlot = runningCount == total;
            // Like HdrHistogram's percentile iterator: every level reached in this slot gets a row, except in the
            // last slot, which gets one row for the first level it reaches and then the closing 100% row.
            while (reachedPercent >= levelToReach)
            {
                WriteRow(writer, value, levelToReach / 100.0, runningCount, last: false, c);
                levelToReach += 100.0 / ReportingTicks(levelToReach, ticksPerHalfDistance);
                if (lastSlot)
                    break;
            }
            if (lastSlot)
            {
                WriteRow(writer, value, 1.0, runningCount, last: true, c);
                return;
            }
        }
    }

    private static long ReportingTicks(double level, int ticksPerHalfDistance)
    {
        long halvings = (long)(Math.Log(100.0 / (100.0 - level)) / Math.Log(2));
        return ticksPerHalfDistance * (1L << (int)Math.Min(halvings + 1, 62));
    }

    private static void WriteRow(TextWriter writer, double value, double fraction, long runningCount, bool last, CultureInfo c)
    {
        if (last)
            writer.Write(string.Format(c, "{0,12:F3} {1:F12} {2,10}\n", value, fraction, runningCount));
        else
            writer.Write(string.Format(c, "{0,12:F3} {1:F12} {2,10} {3,14:F2}\n", value, fraction, runningCount, 1.0 / (1.0 - fraction)));
    }
}
