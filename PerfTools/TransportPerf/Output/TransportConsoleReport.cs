using PerfTools.Common.Output;
using PerfTools.Common.Statistics;
using PerfTools.TransportPerf.Statistics;

namespace PerfTools.TransportPerf.Output;

/// <summary>
/// The periodic console block of guide §7.8.3, for all threads together:
/// <code>
/// 030:
///   Sent: MsgRate:    100000, DataRate:    7.534MBps
///   Recv: MsgRate:    100000, DataRate:    7.248MBps
///   Latency (usec): Avg:   14.133 StdDev:    2.401 Max:   19.122 Min:    9.683, Msgs: 50
///   CPU:    0.00% Mem:    21.99MB
/// </code>
/// The latency line appears only when latency messages arrived; a sequence line only when sequence errors occurred.
/// Written through <see cref="TextLines"/>: nothing is allocated per interval.
/// </summary>
internal static class TransportConsoleReport
{
    private const double BytesPerMegabyte = 1024.0 * 1024.0;
    private const double Micro = TransportStatistics.NanosecondsPerMicrosecond;

    public static void Write(TextLines lines, TextWriter console, long elapsedSeconds, IntervalFigures f)
    {
        double seconds = f.Seconds > 0 ? f.Seconds : 1;
        long sequenceErrors = f.Count((int)TransportCounter.SequenceErrors), outOfBuffers = f.Count((int)TransportCounter.OutOfBuffers);
        RunningStatistics latency = f.Latency(TransportStatistics.Latency);
        lines.Write(console, $"{elapsedSeconds:000}:\n");
        lines.Write(console, $"  Sent: MsgRate: {f.Count((int)TransportCounter.MsgsSent) / seconds,9:F0}, DataRate: {f.Count((int)TransportCounter.BytesSent) / seconds / BytesPerMegabyte,8:F3}MBps\n");
        lines.Write(console, $"  Recv: MsgRate: {f.Count((int)TransportCounter.MsgsReceived) / seconds,9:F0}, DataRate: {f.Count((int)TransportCounter.BytesReceived) / seconds / BytesPerMegabyte,8:F3}MBps\n");
        if (latency.Count > 0)
            lines.Write(console, $"  Latency (usec): Avg: {latency.Mean / Micro,8:F3} StdDev: {latency.StandardDeviation / Micro,8:F3} Max: {latency.Max / Micro,8:F3} Min: {latency.Min / Micro,8:F3}, Msgs: {latency.Count}\n");
        if (sequenceErrors > 0)
            lines.Write(console, $"  Sequence errors: {sequenceErrors} (missing: {f.Count((int)TransportCounter.MissingMessages)})\n");
        if (outOfBuffers > 0)
            lines.Write(console, $"  Out of buffers: {outOfBuffers} messages not sent\n");
        long behind = f.Count((int)TransportCounter.BehindSchedule);
        if (behind > 0)
            lines.Write(console, $"  Behind schedule: {behind} messages not sent\n");
        lines.Write(console, $"  CPU: {f.Resources.CpuPercent,7:F2}% Mem: {f.Resources.MemoryMegabytes,8:F2}MB\n");
    }
}
