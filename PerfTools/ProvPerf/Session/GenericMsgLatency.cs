using Eta.Codec;
using PerfTools.Common.Omm;
using PerfTools.Common.Timing;
using PerfTools.ProvPerf.Threads;

namespace PerfTools.ProvPerf.Session;

/// <summary>
/// Measures the latency of generic messages a consumer sends with TIM_TRK_3: the timestamp is compared with the
/// clock once the payload is decoded (same host, same clock) and handed to the statistics collector.
/// </summary>
internal sealed class GenericMsgLatency(ProviderThreadStats stats)
{
    public void Record(scoped in Msg msg)
    {
        if (msg.ContainerType != DataTypes.FieldList
            || !LatencyTimestamp.TryFind(msg.EncodedDataBody, LatencyFieldIds.Generic, out ulong sent))
            return;
        long now = PerfTimestamp.NowMicroseconds();
        stats.GenMsgLatencies.TryEnqueue((long)sent, now);
    }
}
