using PerfTools.Common.Threading;

namespace PerfTools.Common.Statistics;

/// <summary>
/// Sees every latency sample the collector takes from a thread, after the collector has counted it: for what only one
/// tool does with samples (ConsPerf splits them into startup and steady state, ProvPerf prints each round trip).
/// Called on the collector's thread; must not allocate.
/// </summary>
public interface ILatencyObserver
{
    void OnLatency(int thread, int stream, in LatencyRecord record);
}
