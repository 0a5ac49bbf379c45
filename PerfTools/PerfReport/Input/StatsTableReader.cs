using System.Globalization;

namespace PerfTools.PerfReport.Input;

/// <summary>Reads a statistics CSV by header name, tolerating missing or extra columns and a cut-off last line.</summary>
internal static class StatsTableReader
{
    private static readonly string[] UtcFormats = ["yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd"];

    /// <summary>True when <paramref name="headerLine"/> is a stats file's: its first column is "UTC".</summary>
    public static bool IsStatsHeader(string headerLine) =>
        CsvLine.Split(headerLine)[0].Equals("UTC", StringComparison.OrdinalIgnoreCase);

    public static StatsTable Read(string path, IEnumerable<string> lines)
    {
        using IEnumerator<string> line = lines.GetEnumerator();
        if (!line.MoveNext() || !IsStatsHeader(line.Current))
            throw new InvalidDataException($"{path}: not a statistics file (its first line does not start with \"UTC\")");
        string[] headers = CsvLine.Split(line.Current);
        // A header may end in a comma in hand-edited files; an empty name is no column.
        var cells = new List<double>[headers.Length];
        for (int c = 0; c < headers.Length; c++)
            cells[c] = [];
        var utc = new List<DateTime?>();
        bool allSeconds = true;
        while (line.MoveNext())
        {
            if (line.Current.Trim().Length == 0)
                continue;
            string[] row = CsvLine.Split(line.Current);
            DateTime? time = ParseUtc(row[0], out bool hasSeconds);
            if (time is not null)
                allSeconds &= hasSeconds;
            utc.Add(time);
            for (int c = 1; c < headers.Length; c++)
                cells[c].Add(c < row.Length ? CsvLine.Number(row[c]) : double.NaN);
        }
        var columns = new Dictionary<string, double[]>();
        for (int c = 1; c < headers.Length; c++)
        {
            if (headers[c].Length > 0)
                columns.TryAdd(CsvLine.NormalizeName(headers[c]), cells[c].ToArray());
        }
        bool anyTime = utc.Any(t => t is not null);
        return new StatsTable(Path.GetFileNameWithoutExtension(path), headers.Where(h => h.Length > 0).ToArray(), utc,
            anyTime && allSeconds, columns);
    }

    private static DateTime? ParseUtc(string cell, out bool hasSeconds)
    {
        for (int i = 0; i < UtcFormats.Length; i++)
        {
            if (DateTime.TryParseExact(cell, UtcFormats[i], CultureInfo.InvariantCulture,
                    DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal, out DateTime value))
            {
                hasSeconds = i == 0;
                return value;
            }
        }
        hasSeconds = false;
        return null;
    }
}
