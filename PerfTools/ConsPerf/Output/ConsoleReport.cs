using PerfTools.Common.Output;
using PerfTools.Common.Statistics;
using PerfTools.ConsPerf.Statistics;

namespace PerfTools.ConsPerf.Output;

/// <summary>The periodic console lines (§4.6.4), written through <see cref="TextLines"/>: nothing allocated per interval.</summary>
public sealed class ConsoleReport
{
    private readonly TextWriter _console;
    private readonly TextLines _lines = new();

    public ConsoleReport(TextWriter console) => _console = console;

    /// <param name="clientNumber">The thread's number, or 0 when there is only one thread (no "Client N:" prefix).</param>
    public void WriteInterval(long runSeconds, int clientNumber, IntervalFigures f)
    {
        if (clientNumber == 0)
            _lines.Write(_console, $"{runSeconds}: ");
        else
            _lines.Write(_console, $"{runSeconds}: Client {clientNumber}:\n  ");
        double updateRate = f.Seconds > 0 ? f.Count((int)ConsCounter.Updates) / f.Seconds : 0;
        _lines.Write(_console,
            $"Images: {f.Count((int)ConsCounter.Images)}, Posts: {f.Count((int)ConsCounter.PostsSent)}, UpdRate: {updateRate:0}, CPU: {f.Resources.CpuPercent:0.00}, Mem: {f.Resources.MemoryMegabytes:0.00}MB\n");
        WriteLatency("  Latency(usec)", f.Latency((int)LatencyKind.Update));
        long postsOutOfBuffers = f.Count((int)ConsCounter.PostsOutOfBuffers);
        if (postsOutOfBuffers > 0)
            _lines.Write(_console, $"  - {postsOutOfBuffers} posts not sent due to lack of output buffers.\n");
        WriteLatency("  PostLat(usec)", f.Latency((int)LatencyKind.Post));
        long genSent = f.Count((int)ConsCounter.GenMsgsSent), genReceived = f.Count((int)ConsCounter.GenMsgsReceived);
        if (genSent > 0 || genReceived > 0)
            _lines.Write(_console,
                $"  GenMsgs: sent {genSent}, received {genReceived}, latencies sent {f.Count((int)ConsCounter.LatencyGenMsgsSent)}, latencies received {f.Latency((int)LatencyKind.GenMsg).Count}\n");
        WriteLatency("  GenMsgLat(usec)", f.Latency((int)LatencyKind.GenMsg));
        long status = f.Count((int)ConsCounter.StatusMsgs);
        if (status > 0)
            _lines.Write(_console, $"  - Received {status} status messages.\n");
    }

    /// <summary>"  - Image retrieval time for 1000 images: 1.890s (529.0 images/s)", once per thread.</summary>
    public void WriteImageRetrieval(long images, long retrievalUsec)
    {
        double seconds = retrievalUsec / 1e6;
        _lines.Write(_console, $"  - Image retrieval time for {images} images: {seconds:0.000}s ({(seconds > 0 ? images / seconds : 0.0):0.0} images/s)\n");
    }

    private void WriteLatency(string label, RunningStatistics s)
    {
        if (s.Count == 0)
            return;
        _lines.Write(_console, $"{label}: Avg:{s.Mean,6:F1} StdDev:{s.StandardDeviation,6:F1} Max:{s.Max,6:F1} Min:{s.Min,6:F1}, Msgs: {s.Count}\n");
    }
}
