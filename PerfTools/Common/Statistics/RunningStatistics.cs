namespace PerfTools.Common.Statistics;

/// <summary>
/// Count, mean, standard deviation, minimum and maximum of a stream of values, updated in O(1)
/// without storing the values (Welford's algorithm, numerically stable). A mutable struct: keep it in a
/// field and call <see cref="Add"/> on the field, not on a copy.
/// </summary>
public struct RunningStatistics
{
    private long _count;
    private double _mean;
    private double _sumOfSquaredDeviations;
    private double _min;
    private double _max;

    public readonly long Count => _count;

    /// <summary>Arithmetic mean; 0 when empty.</summary>
    public readonly double Mean => _mean;

    /// <summary>Sample variance (divides by n-1); 0 with fewer than two values.</summary>
    public readonly double Variance => _count > 1 ? _sumOfSquaredDeviations / (_count - 1) : 0.0;

    public readonly double StandardDeviation => Math.Sqrt(Variance);

    /// <summary>Smallest value; 0 when empty.</summary>
    public readonly double Min => _count > 0 ? _min : 0.0;

    /// <summary>Largest value; 0 when empty.</summary>
    public readonly double Max => _count > 0 ? _max : 0.0;

    public void Add(double value)
    {
        _count++;
        if (_count == 1)
        {
            _mean = value;
            _min = value;
            _max = value;
            _sumOfSquaredDeviations = 0;
            return;
        }
        double delta = value - _mean;
        _mean += delta / _count;
        _sumOfSquaredDeviations += delta * (value - _mean);
        if (value < _min) _min = value;
        if (value > _max) _max = value;
    }

    /// <summary>Combines another set of values into this one (Chan et al.'s parallel formula), e.g. per-thread into overall.</summary>
    public void Merge(in RunningStatistics other)
    {
        if (other._count == 0)
            return;
        if (_count == 0)
        {
            this = other;
            return;
        }
        long total = _count + other._count;
        double delta = other._mean - _mean;
        _mean += delta * other._count / total;
        _sumOfSquaredDeviations += other._sumOfSquaredDeviations + delta * delta * _count * other._count / total;
        _count = total;
        if (other._min < _min) _min = other._min;
        if (other._max > _max) _max = other._max;
    }

    public void Reset() => this = default;
}
