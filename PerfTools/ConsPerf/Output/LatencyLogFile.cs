using System.Globalization;
using PerfTools.ConsPerf.Stats;

namespace PerfTools.ConsPerf.Output;

/// <summary>
/// One thread's latency log (§4.6.3, §10.3): every latency sample as "Upd|Pst|Gen, send time, receive time, latency"
/// in microseconds. Written by the consumer thread itself; formats into a reused buffer, so a row allocates nothing.
/// </summary>
public sealed class LatencyLogFile : IDisposable
{
    public const string Header = "Message type, Send time, Receive time, Latency (usec)";

    private readonly StreamWriter _writer;
    private readonly char[] _row = new char[96];

    public LatencyLogFile(string path)
    {
        Path = path;
        _writer = new StreamWriter(path, append: false, System.Text.Encoding.ASCII, bufferSize: 1 << 16) { NewLine = "\n" };
        _writer.WriteLine(Header);
    }

    public string Path { get; }

    /// <summary>The file name for thread <paramref name="threadNumber"/>: base + N + .csv (ConsLatency1.csv).</summary>
    public static string PathFor(string baseName, int threadNumber) =>
        baseName + threadNumber.ToString(CultureInfo.InvariantCulture) + ".csv";

    public void Write(LatencyKind kind, long sendUsec, long receiveUsec)
    {
        Span<char> row = _row;
        string tag = kind switch { LatencyKind.Update => "Upd", LatencyKind.Post => "Pst", _ => "Gen" };
        tag.AsSpan().CopyTo(row);
        int at = tag.Length;
        at += Append(row[at..], sendUsec);
        at += Append(row[at..], receiveUsec);
        at += Append(row[at..], receiveUsec - sendUsec);
        row[at++] = '\n';
        _writer.Write(row[..at]);
    }

    private static int Append(Span<char> into, long value)
    {
        into[0] = ',';
        into[1] = ' ';
        value.TryFormat(into[2..], out int written, default, CultureInfo.InvariantCulture);
        return written + 2;
    }

    public void Flush() => _writer.Flush();

    public void Dispose() => _writer.Dispose();
}
