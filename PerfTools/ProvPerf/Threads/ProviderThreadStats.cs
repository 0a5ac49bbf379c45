using PerfTools.Common.Threading;

namespace PerfTools.ProvPerf.Threads;

/// <summary>
/// What one provider thread counts, written by that thread and read by the main thread's statistics collector
/// without locks (each counter has a single writer).
/// </summary>
internal sealed class ProviderThreadStats
{
    /// <summary>Item requests received (new requests and reissues).</summary>
    public CountStat Requests { get; } = new();

    /// <summary>Refreshes (images) sent.</summary>
    public CountStat Images { get; } = new();

    public CountStat Updates { get; } = new();

    public CountStat Closes { get; } = new();

    /// <summary>Posts received; each is reflected as an update to the item stream.</summary>
    public CountStat PostsReflected { get; } = new();

    public CountStat GenMsgsSent { get; } = new();

    public CountStat GenMsgLatenciesSent { get; } = new();

    public CountStat GenMsgsReceived { get; } = new();

    /// <summary>Updates not sent because the channel had no output buffer.</summary>
    public CountStat OutOfBuffers { get; } = new();

    /// <summary>Messages written (packing statistics: messages per buffer).</summary>
    public CountStat MessagesWritten { get; } = new();

    public CountStat BuffersWritten { get; } = new();

    /// <summary>Latencies (microseconds) of received generic messages that carried TIM_TRK_3.</summary>
    public LatencyRecordQueue GenMsgLatencies { get; } = new(1 << 16);

    /// <summary>Round trip times (microseconds) measured with the login RTT exchange.</summary>
    public LatencyRecordQueue RoundTrips { get; } = new(1 << 10);
}
