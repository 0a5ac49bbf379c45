using System.Globalization;
using PerfTools.Common.Statistics;

namespace PerfTools.ConsPerf.Output;

/// <summary>The periodic console lines (§4.6.4).</summary>
public static class ConsoleReport
{
    private static readonly CultureInfo C = CultureInfo.InvariantCulture;

    /// <param name="clientNumber">The thread's number, or 0 when there is only one thread (no "Client N:" prefix).</param>
    public static void WriteInterval(TextWriter console, long runSeconds, int clientNumber, IntervalFigures f,
        double cpuPercent, double memoryMb)
    {
        if (clientNumber == 0)
            console.Write(string.Format(C, "{0}: ", runSeconds));
        else
            console.Write(string.Format(C, "{0}: Client {1}:\n  ", runSeconds, clientNumber));
        console.Write(string.Format(C, "Images: {0}, Posts: {1}, UpdRate: {2:0}, CPU: {3:0.00}, Mem: {4:0.00}MB\n",
            f.Images, f.PostsSent, f.UpdateRate, cpuPercent, memoryMb));
        WriteLatency(console, "  Latency(usec)", f.UpdateLatency);
        if (f.PostsOutOfBuffers > 0)
            console.Write(string.Format(C, "  - {0} posts not sent due to lack of output buffers.\n", f.PostsOutOfBuffers));
        WriteLatency(console, "  PostLat(usec)", f.PostLatency);
        if (f.GenMsgsSent > 0 || f.GenMsgsReceived > 0)
            console.Write(string.Format(C, "  GenMsgs: sent {0}, received {1}, latencies sent {2}, latencies received {3}\n",
                f.GenMsgsSent, f.GenMsgsReceived, f.LatencyGenMsgsSent, f.GenMsgLatency.Count));
        WriteLatency(console, "  GenMsgLat(usec)", f.GenMsgLatency);
        if (f.StatusMsgs > 0)
            console.Write(string.Format(C, "  - Received {0} status messages.\n", f.StatusMsgs));
    }

    /// <summary>"  - Image retrieval time for 1000 images: 1.890s (529.0 images/s)", once per thread.</summary>
    public static void WriteImageRetrieval(TextWriter console, long images, long retrievalUsec)
    {
        double seconds = retrievalUsec / 1e6;
        console.Write(string.Format(C, "  - Image retrieval time for {0} images: {1:0.000}s ({2:0.0} images/s)\n",
            images, seconds, seconds > 0 ? images / seconds : 0.0));
    }

    private static void WriteLatency(TextWriter console, string label, RunningStatistics s)
    {
        if (s.Count == 0)
            return;
        console.Write(string.Format(C, "{0}: Avg:{1,6:F1} StdDev:{2,6:F1} Max:{3,6:F1} Min:{4,6:F1}, Msgs: {5}\n",
            label, s.Mean, s.StandardDeviation, s.Max, s.Min, s.Count));
    }
}
