using System.Text;

namespace PerfTools.Common.Output;

/// <summary>
/// A per-thread statistics file (<c>&lt;statsFile&gt;&lt;N&gt;.csv</c>, guide §2.5.2 and §10.2): one header line of
/// column names joined by ", ", then one row per stats interval. A string per cell: only PerfHub still writes its file
/// this way; the tools write through <see cref="StatsFile"/> from the common collector, which allocates nothing.
/// </summary>
public sealed class StatsFileWriter<TRow> : IDisposable
{
    private readonly StreamWriter _writer;
    private readonly IReadOnlyList<CsvColumn<TRow>> _columns;
    private readonly StringBuilder _line = new();

    public StatsFileWriter(string path, IReadOnlyList<CsvColumn<TRow>> columns)
    {
        _columns = columns;
        Path = path;
        _writer = new StreamWriter(path, append: false, Encoding.ASCII) { NewLine = "\n" };
        _writer.WriteLine(HeaderLine(columns));
        _writer.Flush();
    }

    public string Path { get; }

    /// <summary>The file name for thread <paramref name="threadNumber"/> (1-based): "ConsStats" → "ConsStats1.csv".</summary>
    public static string PathForThread(string baseName, int threadNumber) => StatsFile.PathForThread(baseName, threadNumber);

    public static string HeaderLine(IReadOnlyList<CsvColumn<TRow>> columns) => string.Join(", ", columns.Select(c => c.Header));

    public void WriteRow(TRow row)
    {
        _line.Clear();
        for (int i = 0; i < _columns.Count; i++)
        {
            if (i > 0)
                _line.Append(", ");
            _line.Append(_columns[i].Format(row));
        }
        _writer.WriteLine(_line);
        _writer.Flush();
    }

    public void Dispose() => _writer.Dispose();
}
