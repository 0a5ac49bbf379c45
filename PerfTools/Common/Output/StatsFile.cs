using System.Text;
using PerfTools.Common.Statistics;

namespace PerfTools.Common.Output;

/// <summary>
/// A per-thread statistics file (<c>&lt;statsFile&gt;&lt;N&gt;.csv</c>, guide §2.5.2 and §10.2): one header line of
/// column names joined by ", ", then one row per stats interval, written to the file as it is made. After the tool's
/// own (the guide's) columns comes one more, <see cref="IntervalHeader"/>: the interval's real length, so a reader can
/// turn a count into a rate even for the last interval, which a run's end cuts short. Rows are
/// formatted as ASCII into a buffer kept for the file's life: <see cref="WriteRow"/> allocates nothing.
/// </summary>
public sealed class StatsFile : IDisposable
{
    private static readonly byte[] Separator = ", "u8.ToArray();

    /// <summary>The last column's header: the interval's real length in seconds (beyond the guide).</summary>
    public const string IntervalHeader = "Interval (sec)";

    private static readonly StatsColumn IntervalColumn = StatsColumn.IntervalLength(IntervalHeader);

    private readonly Stream _file;
    private readonly IReadOnlyList<StatsColumn> _columns;
    private readonly byte[] _line = new byte[4096];

    /// <param name="file">Where the rows go; by default a new file at <paramref name="path"/>.</param>
    public StatsFile(string path, IReadOnlyList<StatsColumn> columns, Stream? file = null)
    {
        Path = path;
        _columns = [.. columns, IntervalColumn];
        _file = file ?? CreateFile(path);
        _file.Write(Encoding.ASCII.GetBytes(HeaderLine(_columns) + "\n"));
    }

    public string Path { get; }

    /// <summary>Why rows stopped being written (<see cref="OutputWriteFailure"/>); null while every row is.</summary>
    public string? Failure { get; private set; }

    /// <summary>The file name for thread <paramref name="threadNumber"/> (1-based): "ConsStats" → "ConsStats1.csv".</summary>
    public static string PathForThread(string baseName, int threadNumber) => $"{baseName}{threadNumber}.csv";

    /// <summary>A new file, unbuffered: each row reaches the file as it is written.</summary>
    public static Stream CreateFile(string path) => new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.Read, bufferSize: 0);

    public static string HeaderLine(IReadOnlyList<StatsColumn> columns) => string.Join(", ", columns.Select(c => c.Header));

    /// <summary>Formats <paramref name="figures"/> into the row's cells; false (nothing written) if they do not fit a line.</summary>
    public static bool TryFormatRow(IReadOnlyList<StatsColumn> columns, IntervalFigures figures, Span<byte> line, out int length)
    {
        length = 0;
        for (int i = 0; i < columns.Count; i++)
        {
            if (i > 0)
            {
                if (!Separator.AsSpan().TryCopyTo(line[length..]))
                    return false;
                length += Separator.Length;
            }
            if (!columns[i].TryWrite(figures, line[length..], out int written))
                return false;
            length += written;
        }
        if (length >= line.Length)
            return false;
        line[length++] = (byte)'\n';
        return true;
    }

    public void WriteRow(IntervalFigures figures)
    {
        if (Failure is not null || !TryFormatRow(_columns, figures, _line, out int length))
            return;
        try
        {
            _file.Write(_line, 0, length);
        }
        catch (Exception e) when (OutputWriteFailure.IsWriteProblem(e))
        {
            Failure = OutputWriteFailure.Describe(Path, e);
        }
    }

    public void Dispose() => _file.Dispose();
}
