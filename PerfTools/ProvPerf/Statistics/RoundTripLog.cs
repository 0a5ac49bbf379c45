using PerfTools.Common.Statistics;
using PerfTools.Common.Threading;

namespace PerfTools.ProvPerf.Statistics;

/// <summary>
/// Keeps each thread's login round trips of the current interval for the console, which prints every one
/// (guide §5.7.3). Round trips come every few seconds per connection; more than fit an interval are counted in
/// the statistics but not printed.
/// </summary>
internal sealed class RoundTripLog : ILatencyObserver
{
    private const int PerInterval = 256;

    private readonly long[][] _samples;
    private readonly int[] _counts;

    public RoundTripLog(int threads)
    {
        _samples = new long[threads][];
        for (int i = 0; i < threads; i++)
            _samples[i] = new long[PerInterval];
        _counts = new int[threads];
    }

    public void OnLatency(int thread, int stream, in LatencyRecord record)
    {
        if (stream == (int)ProvLatency.RoundTrip && _counts[thread] < PerInterval)
            _samples[thread][_counts[thread]++] = record.Latency;
    }

    /// <summary>Thread <paramref name="thread"/>'s round trips since <see cref="Clear"/>.</summary>
    public ReadOnlySpan<long> Of(int thread) => _samples[thread].AsSpan(0, _counts[thread]);

    public void Clear(int thread) => _counts[thread] = 0;
}
