using PerfTools.Common.Statistics;

namespace PerfTools.ProvPerf.Output;

/// <summary>Running totals of one provider thread (or of all of them), kept by the statistics collector.</summary>
internal sealed class ThreadTotals
{
    public long Requests;
    public long Images;
    public long Updates;
    public long Closes;
    public long PostsReflected;
    public long GenMsgsSent;
    public long GenMsgLatenciesSent;
    public long GenMsgsReceived;
    public long OutOfBuffers;
    public long MessagesWritten;
    public long BuffersWritten;

    /// <summary>Generic message latencies received (microseconds).</summary>
    public LatencyAccumulator GenMsgLatency { get; } = new();

    /// <summary>Login round trip times measured (microseconds).</summary>
    public LatencyAccumulator RoundTrip { get; } = new();

    public void Add(in ProvStatsRow row, long closes, long outOfBuffers)
    {
        Requests += row.Requests;
        Images += row.Images;
        Updates += row.Updates;
        Closes += closes;
        PostsReflected += row.PostsReflected;
        GenMsgsSent += row.GenMsgsSent;
        GenMsgLatenciesSent += row.GenMsgLatenciesSent;
        GenMsgsReceived += row.GenMsgsReceived;
        OutOfBuffers += outOfBuffers;
    }
}
