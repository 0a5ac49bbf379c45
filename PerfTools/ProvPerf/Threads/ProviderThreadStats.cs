using PerfTools.Common.Provider;
using PerfTools.Common.Threading;

namespace PerfTools.ProvPerf.Threads;

/// <summary>
/// What one provider thread counts: the shared sending counts (<see cref="PublishingStats"/>) plus what only an
/// interactive provider sees (requests, closes, posts, generic messages and round trips). Written by that thread
/// and read by the main thread's statistics collector without locks (each counter has a single writer).
/// </summary>
internal sealed class ProviderThreadStats : PublishingStats
{
    /// <summary>Item requests received (new requests and reissues).</summary>
    public CountStat Requests { get; } = new();

    public CountStat Closes { get; } = new();

    /// <summary>Posts received; each is reflected as an update to the item stream.</summary>
    public CountStat PostsReflected { get; } = new();

    public CountStat GenMsgsReceived { get; } = new();

    /// <summary>Latencies (microseconds) of received generic messages that carried TIM_TRK_3.</summary>
    public LatencyRecordQueue GenMsgLatencies { get; } = new(1 << 16);

    /// <summary>Round trip times (microseconds) measured with the login RTT exchange.</summary>
    public LatencyRecordQueue RoundTrips { get; } = new(1 << 10);
}
