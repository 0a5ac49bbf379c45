using System.Numerics;

namespace PerfTools.Common.Statistics;

/// <summary>
/// A log-linear latency histogram in the HdrHistogram layout: values from 1 to <see cref="HighestTrackableValue"/>
/// are counted with a relative error below 10^-<see cref="SignificantDigits"/>. The counts array is allocated once;
/// <see cref="Record"/> allocates nothing. Not thread-safe: one writer at a time.
/// </summary>
/// <remarks>
/// Layout: bucket 0 holds values 0 .. SubBucketCount-1 exactly; each further bucket b covers twice the range of the
/// previous one with SubBucketCount/2 slots of width 2^b. Index arithmetic follows HdrHistogram so that
/// the <c>.hgrm</c> output of <see cref="HgrmWriter"/> reads like other engines' files.
/// </remarks>
public sealed class LatencyHistogram
{
    private readonly long[] _counts;
    private readonly int _subBucketHalfCountMagnitude;
    private readonly int _subBucketHalfCount;
    private readonly long _subBucketMask;
    private readonly int _leadingZeroCountBase;
    private RunningStatistics _exact;

    /// <param name="highestTrackableValue">Largest value counted in its own slot; larger values are clamped to it (and counted in <see cref="ClampedCount"/>).</param>
    /// <param name="significantDigits">1 to 5 decimal digits of precision.</param>
    public LatencyHistogram(long highestTrackableValue = 3_600_000_000_000, int significantDigits = 3)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(highestTrackableValue, 2);
        ArgumentOutOfRangeException.ThrowIfLessThan(significantDigits, 1);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(significantDigits, 5);

        HighestTrackableValue = highestTrackableValue;
        SignificantDigits = significantDigits;

        long largestValueWithSingleUnitResolution = 2 * (long)Math.Pow(10, significantDigits);
        int subBucketCountMagnitude = (int)Math.Ceiling(Math.Log2(largestValueWithSingleUnitResolution));
        _subBucketHalfCountMagnitude = Math.Max(subBucketCountMagnitude, 1) - 1;
        SubBucketCount = 1 << (_subBucketHalfCountMagnitude + 1);
        _subBucketHalfCount = SubBucketCount / 2;
        _subBucketMask = SubBucketCount - 1;
        _leadingZeroCountBase = 64 - _subBucketHalfCountMagnitude - 1;

        BucketCount = BucketsNeededFor(highestTrackableValue, SubBucketCount);
        _counts = new long[(BucketCount + 1) * _subBucketHalfCount];
    }

    public long HighestTrackableValue { get; }

    public int SignificantDigits { get; }

    public int BucketCount { get; }

    public int SubBucketCount { get; }

    public long TotalCount { get; private set; }

    /// <summary>Values above <see cref="HighestTrackableValue"/> that were recorded as that value.</summary>
    public long ClampedCount { get; private set; }

    /// <summary>Exact mean of the recorded values (not bucketed).</summary>
    public double Mean => _exact.Mean;

    /// <summary>Exact sample standard deviation of the recorded values (not bucketed).</summary>
    public double StandardDeviation => _exact.StandardDeviation;

    /// <summary>Exact largest recorded value; 0 when empty.</summary>
    public long Max => (long)_exact.Max;

    /// <summary>Exact smallest recorded value; 0 when empty.</summary>
    public long Min => (long)_exact.Min;

    /// <summary>Counts one value. Negative values count as 0. Allocates nothing.</summary>
    public void Record(long value)
    {
        if (value < 0)
            value = 0;
        if (value > HighestTrackableValue)
        {
            value = HighestTrackableValue;
            ClampedCount++;
        }
        _counts[CountsIndexFor(value)]++;
        TotalCount++;
        _exact.Add(value);
    }

    /// <summary>Adds every count of <paramref name="other"/>, which must have the same layout.</summary>
    public void Add(LatencyHistogram other)
    {
        if (other._counts.Length != _counts.Length || other.SubBucketCount != SubBucketCount)
            throw new ArgumentException("Histograms differ in range or precision.", nameof(other));
        for (int i = 0; i < _counts.Length; i++)
            _counts[i] += other._counts[i];
        TotalCount += other.TotalCount;
        ClampedCount += other.ClampedCount;
        _exact.Merge(other._exact);
    }

    public void Reset()
    {
        Array.Clear(_counts);
        TotalCount = 0;
        ClampedCount = 0;
        _exact.Reset();
    }

    /// <summary>
    /// The smallest recorded slot value such that <paramref name="percentile"/>% of values are at or below it,
    /// reported as the highest value equivalent to that slot (as HdrHistogram does). 0 when empty.
    /// </summary>
    public long ValueAtPercentile(double percentile)
    {
        if (TotalCount == 0)
            return 0;
        double requested = Math.Clamp(percentile, 0.0, 100.0);
        long countAtPercentile = Math.Max(1, (long)(requested / 100.0 * TotalCount + 0.5));
        long running = 0;
        for (int i = 0; i < _counts.Length; i++)
        {
            running += _counts[i];
            if (running >= countAtPercentile)
                return Math.Min(HighestEquivalentValue(ValueFromIndex(i)), Max);
        }
        return Max;
    }

    public LatencyPercentiles Percentiles() => new(
        ValueAtPercentile(50), ValueAtPercentile(90), ValueAtPercentile(99),
        ValueAtPercentile(99.9), ValueAtPercentile(99.99), Max);

    internal int CountsLength => _counts.Length;

    internal long CountAtIndex(int index) => _counts[index];

    internal long ValueFromIndex(int index)
    {
        int bucketIndex = (index >> _subBucketHalfCountMagnitude) - 1;
        int subBucketIndex = (index & (_subBucketHalfCount - 1)) + _subBucketHalfCount;
        if (bucketIndex < 0)
        {
            subBucketIndex -= _subBucketHalfCount;
            bucketIndex = 0;
        }
        return (long)subBucketIndex << bucketIndex;
    }

    /// <summary>The largest value that lands in the same slot as <paramref name="value"/>.</summary>
    internal long HighestEquivalentValue(long value)
    {
        int bucketIndex = BucketIndexFor(value);
        int subBucketIndex = (int)(value >> bucketIndex);
        long lowest = (long)subBucketIndex << bucketIndex;
        int widthMagnitude = subBucketIndex >= SubBucketCount ? bucketIndex + 1 : bucketIndex;
        return lowest + (1L << widthMagnitude) - 1;
    }

    private int BucketIndexFor(long value) =>
        _leadingZeroCountBase - BitOperations.LeadingZeroCount((ulong)(value | _subBucketMask));

    private int CountsIndexFor(long value)
    {
        int bucketIndex = BucketIndexFor(value);
        int subBucketIndex = (int)(value >> bucketIndex);
        return ((bucketIndex + 1) << _subBucketHalfCountMagnitude) + (subBucketIndex - _subBucketHalfCount);
    }

    private static int BucketsNeededFor(long highestTrackableValue, int subBucketCount)
    {
        long smallestUntrackable = subBucketCount;
        int buckets = 1;
        while (smallestUntrackable <= highestTrackableValue)
        {
            if (smallestUntrackable > long.MaxValue / 2)
                return buckets + 1;
            smallestUntrackable <<= 1;
            buckets++;
        }
        return buckets;
    }
}
