using System.Globalization;
using PerfTools.TransportPerf.Statistics;

namespace PerfTools.TransportPerf.Output;

/// <summary>
/// The periodic console block of guide §7.8.3:
/// <code>
/// 030:
///   Sent: MsgRate:    100000, DataRate:    7.534MBps
///   Recv: MsgRate:    100000, DataRate:    7.248MBps
///   Latency (usec): Avg:   14.133 StdDev:    2.401 Max:   19.122 Min:    9.683, Msgs: 50
///   CPU:    0.00% Mem:    21.99MB
/// </code>
/// The latency line appears only when latency messages arrived; a sequence line only when sequence errors occurred.
/// </summary>
internal static class TransportConsoleReport
{
    private const double BytesPerMegabyte = 1024.0 * 1024.0;

    public static string Format(long elapsedSeconds, TransportStatsRow row, string? threadLabel = null)
    {
        CultureInfo c = CultureInfo.InvariantCulture;
        double seconds = row.IntervalSeconds > 0 ? row.IntervalSeconds : 1;
        var text = new System.Text.StringBuilder();
        text.Append(string.Format(c, "{0:000}:{1}\n", elapsedSeconds, threadLabel is null ? "" : " " + threadLabel));
        text.Append(string.Format(c, "  Sent: MsgRate: {0,9:F0}, DataRate: {1,8:F3}MBps\n",
            row.MsgsSent / seconds, row.BytesSent / seconds / BytesPerMegabyte));
        text.Append(string.Format(c, "  Recv: MsgRate: {0,9:F0}, DataRate: {1,8:F3}MBps\n",
            row.MsgsReceived / seconds, row.BytesReceived / seconds / BytesPerMegabyte));
        if (row.Latency.Count > 0)
        {
            text.Append(string.Format(c, "  Latency (usec): Avg: {0,8:F3} StdDev: {1,8:F3} Max: {2,8:F3} Min: {3,8:F3}, Msgs: {4}\n",
                row.Latency.Mean / 1000.0, row.Latency.StandardDeviation / 1000.0, row.Latency.Max / 1000.0,
                row.Latency.Min / 1000.0, row.Latency.Count));
        }
        if (row.SequenceErrors > 0)
            text.Append(string.Format(c, "  Sequence errors: {0} (missing: {1})\n", row.SequenceErrors, row.MissingMessages));
        if (row.OutOfBuffers > 0)
            text.Append(string.Format(c, "  Out of buffers: {0} messages not sent\n", row.OutOfBuffers));
        text.Append(string.Format(c, "  CPU: {0,7:F2}% Mem: {1,8:F2}MB\n", row.CpuPercent, row.MemoryMegabytes));
        return text.ToString();
    }
}
