using System.Globalization;
using System.Text;
using HdrHistogram;
using PerfTools.Common.Statistics;

namespace PerfTools.Common.Output;

/// <summary>
/// A per-thread latency log (guide §10.3): a header line, then one line per latency sample. Every latency written
/// is also counted in an HdrHistogram, and <see cref="Dispose"/> writes its percentile distribution (<c>.hgrm</c>,
/// in microseconds) beside the CSV, so the two files always describe the same samples; the CSV is unchanged by that.
/// Every tool with <c>-latencyFile</c> uses this type; <see cref="WriteSample"/> allocates nothing.
/// </summary>
public sealed class LatencyFileWriter : IDisposable
{
    private const long OneHourInMicroseconds = 3_600_000_000;

    private readonly StreamWriter _writer;
    private readonly char[] _number = new char[24];
    private readonly LongHistogram _histogram;
    private readonly double _unitsPerMicrosecond;
    private bool _disposed;

    /// <param name="unitsPerMicrosecond">The unit of the latency column: 1 for microseconds, 1000 for nanoseconds.</param>
    public LatencyFileWriter(string path, string header, double unitsPerMicrosecond = 1)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(unitsPerMicrosecond, 1);
        Path = path;
        _unitsPerMicrosecond = unitsPerMicrosecond;
        _histogram = LatencyHistograms.Create((long)(OneHourInMicroseconds * unitsPerMicrosecond));
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
        LatencyHistograms.RecordClamped(_histogram, latency);
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

    /// <summary>Closes the CSV and writes the <c>.hgrm</c> of every latency it holds beside it.</summary>
    public void Dispose()
    {
        if (_disposed)
            return;
        _disposed = true;
        try
        {
            _writer.Dispose();
        }
        finally
        {
            using var hgrm = new StreamWriter(HgrmPathFor(Path), append: false, Encoding.ASCII) { NewLine = "\n" };
            LatencyHistograms.WritePercentileDistribution(hgrm, _histogram, _unitsPerMicrosecond);
        }
    }

    private void WriteNumber(long value)
    {
        value.TryFormat(_number, out int written, default, CultureInfo.InvariantCulture);
        _writer.Write(_number, 0, written);
    }
}
