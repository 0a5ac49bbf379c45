using System.Globalization;
using System.Text;
using PerfTools.Common.Statistics;

namespace PerfTools.Common.Output;

/// <summary>
/// A per-thread latency log (guide §10.3): a header line, then one line per latency sample. Optionally an
/// HdrHistogram percentile file (<c>.hgrm</c>) is written next to it when the run ends; the CSV is unchanged by that.
/// </summary>
public sealed class LatencyFileWriter : IDisposable
{
    private readonly StreamWriter _writer;
    private readonly char[] _number = new char[24];

    public LatencyFileWriter(string path, string header)
    {
        Path = path;
        _writer = new StreamWriter(path, append: false, Encoding.ASCII, bufferSize: 1 << 16) { NewLine = "\n" };
        _writer.WriteLine(header);
    }

    public string Path { get; }

    /// <summary>The file name for thread <paramref name="threadNumber"/>: "lat.csv" → "lat1.csv", "lat" → "lat1.csv".</summary>
    public static string PathForThread(string fileName, int threadNumber)
    {
        string extension = System.IO.Path.GetExtension(fileName);
        string stem = extension.Length == 0 ? fileName : fileName[..^extension.Length];
        return $"{stem}{threadNumber}{(extension.Length == 0 ? ".csv" : extension)}";
    }

    /// <summary>The <c>.hgrm</c> file written beside a latency file.</summary>
    public static string HgrmPathFor(string latencyFilePath) => System.IO.Path.ChangeExtension(latencyFilePath, ".hgrm");

    /// <summary>"send, receive, latency" (TransportPerf) or, with a message type, "Upd, send, receive, latency" (ConsPerf).</summary>
    public void WriteSample(string? messageType, long sendTime, long receiveTime, long latency)
    {
        if (messageType is not null)
        {
            _writer.Write(messageType);
            _writer.Write(", ");
        }
        WriteNumber(sendTime);
        _writer.Write(", ");
        WriteNumber(receiveTime);
        _writer.Write(", ");
        WriteNumber(latency);
        _writer.Write('\n');
    }

    public void Flush() => _writer.Flush();

    /// <summary>Writes the histogram as a <c>.hgrm</c> file beside this latency file.</summary>
    public void WriteHgrm(LatencyHistogram histogram, double valueScale)
    {
        using var hgrm = new StreamWriter(HgrmPathFor(Path), append: false, Encoding.ASCII) { NewLine = "\n" };
        HgrmWriter.Write(hgrm, histogram, valueScale);
    }

    public void Dispose() => _writer.Dispose();

    private void WriteNumber(long value)
    {
        value.TryFormat(_number, out int written, default, CultureInfo.InvariantCulture);
        _writer.Write(_number, 0, written);
    }
}
