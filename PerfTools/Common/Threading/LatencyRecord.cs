namespace PerfTools.Common.Threading;

/// <summary>One latency measurement: when the sender stamped the message and when the receiver finished with it.</summary>
public readonly record struct LatencyRecord(long SendTime, long ReceiveTime)
{
    public long Latency => ReceiveTime - SendTime;
}
