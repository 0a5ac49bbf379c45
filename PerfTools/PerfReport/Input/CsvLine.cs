using System.Globalization;

namespace PerfTools.PerfReport.Input;

/// <summary>The tools' CSV dialect: cells separated by ", " (any whitespace around commas), no quoting.</summary>
internal static class CsvLine
{
    public static string[] Split(string line) =>
        line.Split(',', StringSplitOptions.TrimEntries);

    /// <summary>A cell as a number; NaN when empty or not a number (a cut-off last line, a "n/a").</summary>
    public static double Number(string cell) =>
        double.TryParse(cell, NumberStyles.Float, CultureInfo.InvariantCulture, out double value) ? value : double.NaN;

    /// <summary>Column names compare without case and whitespace: "Memory(MB)" (ConsPerf) is "Memory (MB)" (TransportPerf).</summary>
    public static string NormalizeName(string name) =>
        string.Concat(name.Where(c => !char.IsWhiteSpace(c))).ToLowerInvariant();
}
