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
    private const int BufferSize = 1 << 16;

    /// <summary>The longest line: a message type of up to 16 characters and three 20-digit numbers with separators.</summary>
    private const int MaxLineBytes = 16 + 2 + 3 * 20 + 2 * 2 + 1;

    // Lines are formatted as ASCII straight into this buffer and written to the file when it fills: a StreamWriter
    // would allocate its 64 KB byte buffer on the first full flush, in the middle of a run.
    private readonly Stream _file;
    private readonly byte[] _buffer = new byte[BufferSize];
    private readonly LongHistogram _histogram;
    private readonly double _unitsPerMicrosecond;
    private int _used;
    private bool _disposed;

    /// <param name="unitsPerMicrosecond">The unit of the latency column: 1 for microseconds, 1000 for nanoseconds.</param>
    /// <param name="file">Where the lines go; by default a new file at <paramref name="path"/>.</param>
    public LatencyFileWriter(string path, string header, double unitsPerMicrosecond = 1, Stream? file = null)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(unitsPerMicrosecond, 1);
        Path = path;
        _unitsPerMicrosecond = unitsPerMicrosecond;
        _histogram = LatencyHistograms.Create((long)(OneHourInMicroseconds * unitsPerMicrosecond));
        _file = file ?? StatsFile.CreateFile(path);
        byte[] headerLine = Encoding.ASCII.GetBytes(header + "\n");
        _file.Write(headerLine);
    }

    public string Path { get; }

    /// <summary>
    /// Why lines stopped being written (<see cref="OutputWriteFailure"/>), or the <c>.hgrm</c> could not be; null while
    /// all is written. The histogram goes on counting every sample either way.
    /// </summary>
    public string? Failure { get; private set; }

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
        if (_used > BufferSize - MaxLineBytes)
            WriteBuffer();
        Span<byte> line = _buffer.AsSpan(_used);
        int at = 0;
        if (messageType is not null)
        {
            at += Encoding.ASCII.GetBytes(messageType.AsSpan(0, Math.Min(messageType.Length, 16)), line);
            at += Separator(line[at..]);
        }
        at += Number(line[at..], sendTime);
        at += Separator(line[at..]);
        at += Number(line[at..], receiveTime);
        at += Separator(line[at..]);
        at += Number(line[at..], latency);
        line[at++] = (byte)'\n';
        _used += at;
    }

    public void Flush() => WriteBuffer(); // unbuffered stream: what is written is in the file

    /// <summary>Closes the CSV and writes the <c>.hgrm</c> of every latency it holds beside it.</summary>
    public void Dispose()
    {
        if (_disposed)
            return;
        _disposed = true;
        WriteBuffer();
        _file.Dispose();
        string hgrmPath = HgrmPathFor(Path);
        try
        {
            using var hgrm = new StreamWriter(hgrmPath, append: false, Encoding.ASCII) { NewLine = "\n" };
            LatencyHistograms.WritePercentileDistribution(hgrm, _histogram, _unitsPerMicrosecond);
        }
        catch (Exception e) when (OutputWriteFailure.IsWriteProblem(e))
        {
            string hgrmFailure = $"{hgrmPath}: {e.Message}";
            Failure = Failure is null ? hgrmFailure : $"{Failure}; {hgrmFailure}";
        }
    }

    private void WriteBuffer()
    {
        if (_used == 0)
            return;
        int used = _used;
        _used = 0;
        if (Failure is not null)
            return;
        try
        {
            _file.Write(_buffer, 0, used);
        }
        catch (Exception e) when (OutputWriteFailure.IsWriteProblem(e))
        {
            Failure = OutputWriteFailure.Describe(Path, e);
        }
    }

    private static int Separator(Span<byte> to)
    {
        to[0] = (byte)',';
        to[1] = (byte)' ';
        return 2;
    }

    private static int Number(Span<byte> to, long value)
    {
        value.TryFormat(to, out int written, default, CultureInfo.InvariantCulture);
        return written;
    }
}
