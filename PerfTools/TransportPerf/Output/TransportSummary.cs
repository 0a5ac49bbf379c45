using HdrHistogram;
using PerfTools.Common.Output;
using PerfTools.Common.Resources;
using PerfTools.Common.Statistics;
using PerfTools.TransportPerf.Options;

namespace PerfTools.TransportPerf.Output;

/// <summary>The summary file of guide §7.8.1: test inputs, then overall (and with several threads, per-thread) results.</summary>
internal static class TransportSummary
{
    private const double BytesPerMegabyte = 1024.0 * 1024.0;
    private const double NanosecondsPerMicrosecond = 1000.0;

    /// <summary>Totals of one thread, or of all threads.</summary>
    public sealed record Results(
        double SamplingSeconds,
        long MsgsSent,
        long MsgsReceived,
        long BytesSent,
        long BytesReceived,
        RunningStatistics Latency,
        HistogramBase Histogram,
        long SequenceErrors,
        long MissingMessages,
        long OutOfBuffers,
        long BehindSchedule,
        long BytesWritten,
        long LatencyRecordsDropped);

    public static string Inputs(TransportPerfOptions o)
    {
        var summary = new SummaryBuilder()
            .Heading("--- TEST INPUTS ---")
            .Input("Runtime", $"{o.RunTime} sec")
            .Input("Connection Type", o.ConnectionType switch
            {
                ConnectionChoice.Encrypted => "encrypted",
                ConnectionChoice.WebSocket => "websocket",
                _ => "socket",
            })
            .Input("Hostname", o.HostName)
            .Input("Port", o.Port);
        if (o.ProtocolList.Length > 0)
            summary.Input("WebSocket protocols", o.ProtocolList); // LSEG C TransportPerf's line, printed only with a list
        summary
            .Input("App Type", o.AppType == AppType.Server ? "server" : "client")
            .Input("Thread Count", o.Threads.Count)
            .Input("Busy Read", o.BusyRead)
            .Input("Msg Size", o.MsgSize)
            .Input("Msg Rate", o.ReflectMsgs ? "0(reflecting)" : o.MsgRate.ToString(SummaryBuilder.Culture))
            .Input("Latency Msg Rate", o.ReflectMsgs ? "0(reflecting)"
                : o.LatencyMsgRate == TransportPerfOptions.LatencyOnEveryMessage ? "all"
                : o.LatencyMsgRate.ToString(SummaryBuilder.Culture))
            .Input("Output Buffers", o.OutputBuffers)
            .Input("Max Fragment Size", o.MaxFragmentSize)
            .Input("Send Buffer Size", SizeOrDefault(o.SendBufSize))
            .Input("Recv Buffer Size", SizeOrDefault(o.RecvBufSize))
            .Input("High Water Mark", SizeOrDefault(o.HighWaterMark))
            .Input("Compression Type", $"{o.CompressionType.ToString().ToLowerInvariant()}({(int)o.CompressionType})")
            .Input("Compression Level", o.CompressionLevel)
            .Input("Interface Name", o.InterfaceName.Length > 0 ? o.InterfaceName : "(use default)")
            .Input("Tcp_NoDelay", !o.TcpDelay)
            .Input("Tick Rate", o.TickRate)
            .Input("Use Direct Writes", o.DirectWrite)
            .Input("Latency Log File", o.LatencyFile.Length > 0 ? o.LatencyFile : "(none)")
            .Input("Summary File", o.SummaryFile)
            .Input("Stats File", o.StatsFile)
            .Input("Write Stats Interval", o.WriteStatsInterval)
            .Input("Display Stats", o.DisplayStats)
            .Input("Packing", o.Packing ? $"Yes({o.PackCount} per pack)" : "No");
        if (o.UseProxy)
        {
            summary.Input("Proxy Hostname", o.ProxyHost)
                .Input("Proxy Port", o.ProxyPort)
                .Input("Proxy UserName", o.ProxyLogin);
        }
        return summary.ToString();
    }

    /// <param name="cpuTime">Process CPU time of the run, over <paramref name="messages"/> (sent and received) for the
    /// "CPU time per message" line beyond the guide's.</param>
    /// <param name="steadyAllocatedBytes">Managed bytes the process allocated from the end of the first interval with
    /// messages (so not the connections' buffers) to the end of the last interval completed before the run was told
    /// to end (so not the ending's), over <paramref name="steadyMessages"/> sent or received meanwhile, for the
    /// "Bytes allocated per message" line beyond the guide's; left out when no such interval followed that one.</param>
    public static string Overall(IReadOnlyList<Results> threads, Results total, ResourceStatistics resources, int processId,
        TimeSpan cpuTime, long messages, long steadyAllocatedBytes, long steadyMessages, IReadOnlyList<string>? unwritten = null)
    {
        var summary = new SummaryBuilder { Indent = "    " }.Blank();
        if (threads.Count > 1)
        {
            for (int i = 0; i < threads.Count; i++)
            {
                summary.Heading($"--- THREAD {i + 1} SUMMARY ---").Section("Statistics:");
                Figures(summary, threads[i]);
                summary.Blank();
            }
        }
        summary.Heading("--- OVERALL SUMMARY ---").Section("Statistics:");
        Figures(summary, total);
        summary.Resources(resources).Stat("Process ID", processId)
            .CpuPerMessage("CPU time per message sent or received (nsec)", cpuTime, messages);
        if (steadyMessages > 0)
            summary.Stat("Bytes allocated per message after the first interval", (double)steadyAllocatedBytes / steadyMessages, 3);
        summary.Unwritten(unwritten ?? []);
        return summary.ToString();
    }

    private static void Figures(SummaryBuilder summary, Results r)
    {
        if (r.Latency.Count > 0)
            summary.Latency("Latency", r.Latency, r.Histogram, NanosecondsPerMicrosecond, decimals: 3);
        else
            summary.Note("No latency information was received.");
        double seconds = r.SamplingSeconds > 0 ? r.SamplingSeconds : 0;
        summary.Stat("Sampling duration(sec)", seconds, 2)
            .Stat("Msgs Sent", r.MsgsSent)
            .Stat("Msgs Received", r.MsgsReceived)
            .Stat("Data Sent (MB)", r.BytesSent / BytesPerMegabyte, 2)
            .Stat("Data Received (MB)", r.BytesReceived / BytesPerMegabyte, 2)
            .Stat("Avg. Msg Sent Rate", Rate(r.MsgsSent, seconds), 0)
            .Stat("Avg. Msg Recv Rate", Rate(r.MsgsReceived, seconds), 0)
            .Stat("Avg. Data Sent Rate (MB)", Rate(r.BytesSent, seconds) / BytesPerMegabyte, 2)
            .Stat("Avg. Data Recv Rate (MB)", Rate(r.BytesReceived, seconds) / BytesPerMegabyte, 2)
            .Stat("Sequence errors", r.SequenceErrors)
            .Stat("Missing messages", r.MissingMessages);
        if (r.BytesWritten > 0)
            summary.Stat("Data written with transport headers (MB)", r.BytesWritten / BytesPerMegabyte, 2);
        if (r.OutOfBuffers > 0)
            summary.Stat("Msgs not sent (out of buffers)", r.OutOfBuffers);
        if (r.BehindSchedule > 0)
            summary.Stat("Msgs not sent (sender behind schedule)", r.BehindSchedule);
        if (r.LatencyRecordsDropped > 0)
            summary.Stat("Latency samples dropped (collector behind)", r.LatencyRecordsDropped);
    }

    private static double Rate(long amount, double seconds) => seconds > 0 ? amount / seconds : 0;

    private static string SizeOrDefault(int bytes) =>
        bytes > 0 ? $"{bytes} bytes" : "0(use default)";
}
