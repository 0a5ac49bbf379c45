using System.Text.RegularExpressions;

namespace PerfTools.PerfReport.Input;

/// <summary>
/// Reads HdrHistogram's percentile-distribution text (<c>.hgrm</c>): a "Value Percentile TotalCount 1/(1-Percentile)"
/// header, rows of 3 or 4 numbers (the 100% row has no last column), and "#[Mean = ..., Max = ...]" footer lines.
/// Values are taken as microseconds, the unit every tool here writes them in.
/// </summary>
internal static partial class HgrmReader
{
    public static PercentileDistribution Read(string path, IEnumerable<string> lines)
    {
        var points = new List<PercentilePoint>();
        double? mean = null, max = null;
        foreach (string raw in lines)
        {
            string line = raw.Trim();
            if (line.StartsWith('#'))
            {
                foreach (Match m in FooterField().Matches(line))
                {
                    double value = CsvLine.Number(m.Groups[2].Value);
                    if (m.Groups[1].Value.Equals("Mean", StringComparison.OrdinalIgnoreCase))
                        mean = value;
                    else if (m.Groups[1].Value.Equals("Max", StringComparison.OrdinalIgnoreCase))
                        max = value;
                }
                continue;
            }
            string[] cells = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            if (cells.Length is < 3 or > 4)
                continue;
            double v = CsvLine.Number(cells[0]), p = CsvLine.Number(cells[1]), n = CsvLine.Number(cells[2]);
            if (double.IsNaN(v) || double.IsNaN(p) || double.IsNaN(n) || p is < 0 or > 1)
                continue;
            points.Add(new PercentilePoint(v, p, (long)n));
        }
        if (points.Count == 0)
            throw new InvalidDataException($"{path}: no percentile rows (expected \"Value Percentile TotalCount 1/(1-Percentile)\" rows)");
        return new PercentileDistribution(Path.GetFileNameWithoutExtension(path), Path.GetFileName(path), points, mean, max);
    }

    [GeneratedRegex(@"(\w+)\s*=\s*([-+0-9.eE]+)")]
    private static partial Regex FooterField();
}
