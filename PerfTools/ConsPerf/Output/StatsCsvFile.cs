using System.Globalization;
using PerfTools.Common.Statistics;

namespace PerfTools.ConsPerf.Output;

/// <summary>One thread's ConsStats&lt;N&gt;.csv (§4.6.2): a header, then one row per stats interval.</summary>
public sealed class StatsCsvFile : IDisposable
{
    public const string Header =
        "UTC, Latency updates, Latency avg (usec), Latency std dev (usec), Latency max (usec), Latency min (usec), " +
        "Images, Update rate, Posting Latency updates, Posting Latency avg (usec), Posting Latency std dev (usec), " +
        "Posting Latency max (usec), Posting Latency min (usec), GenMsgs sent, GenMsg Latencies sent, GenMsgs received, " +
        "GenMsg Latencies received, GenMsg Latency avg (usec), GenMsg Latency std dev (usec), GenMsg Latency max (usec), " +
        "GenMsg Latency min (usec), CPU usage (%), Memory(MB)";

    private static readonly CultureInfo C = CultureInfo.InvariantCulture;
    private readonly StreamWriter _writer;

    public StatsCsvFile(string path)
    {
        Path = path;
        _writer = new StreamWriter(path, append: false) { NewLine = "\n" };
        _writer.WriteLine(Header);
        _writer.Flush();
    }

    public string Path { get; }

    /// <summary>The file name for thread <paramref name="threadNumber"/>: ConsStats + 1 + .csv (§10.2).</summary>
    public static string PathFor(string baseName, int threadNumber) =>
        baseName + threadNumber.ToString(C) + ".csv";

    public void WriteRow(DateTime utc, IntervalFigures f, double cpuPercent, double memoryMb)
    {
        _writer.Write(utc.ToString("yyyy-MM-dd HH:mm:ss", C));
        _writer.Write(string.Format(C, ", {0}, {1:0.0}, {2:0.0}, {3:0}, {4:0}",
            f.UpdateLatency.Count, f.UpdateLatency.Mean, f.UpdateLatency.StandardDeviation, f.UpdateLatency.Max, f.UpdateLatency.Min));
        _writer.Write(string.Format(C, ", {0}, {1:0}", f.Images, f.UpdateRate));
        WriteLatency(f.PostLatency, withCount: true);
        _writer.Write(string.Format(C, ", {0}, {1}, {2}, {3}", f.GenMsgsSent, f.LatencyGenMsgsSent, f.GenMsgsReceived, f.GenMsgLatency.Count));
        WriteLatency(f.GenMsgLatency, withCount: false);
        _writer.Write(string.Format(C, ", {0:0.00}, {1:0}\n", cpuPercent, memoryMb));
        _writer.Flush();
    }

    private void WriteLatency(RunningStatistics s, bool withCount)
    {
        if (withCount)
            _writer.Write(string.Format(C, ", {0}", s.Count));
        _writer.Write(string.Format(C, ", {0:0.0}, {1:0.0}, {2:0.0}, {3:0.0}", s.Mean, s.StandardDeviation, s.Max, s.Min));
    }

    public void Dispose() => _writer.Dispose();
}
