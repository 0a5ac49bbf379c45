using System.Globalization;
using System.Text.RegularExpressions;
using Xunit;

namespace PerfTools.Tests.Common;

/// <summary>
/// Reads an HdrHistogram percentile distribution (<c>.hgrm</c>) the way HdrHistogram's plotters do: the column
/// header, a blank line, rows of "value percentile totalCount 1/(1-percentile)" (the last row, at percentile 1,
/// without the fourth column), then the #[Mean/StdDeviation], #[Max/Total count] and #[Buckets/SubBuckets] footer.
/// Fails the test on any line that is not in that format.
/// </summary>
internal sealed partial record HgrmFile(
    IReadOnlyList<HgrmFile.Row> Rows, double Mean, double StdDeviation, double Max, long TotalCount, int Buckets, int SubBuckets)
{
    public const string Header = "       Value     Percentile TotalCount 1/(1-Percentile)";

    public readonly record struct Row(double Value, double Percentile, long TotalCount);

    public static HgrmFile Read(string path) => Parse(File.ReadAllText(path));

    public static HgrmFile Parse(string text)
    {
        string[] lines = text.ReplaceLineEndings("\n").TrimEnd('\n').Split('\n');
        Assert.Equal(Header, lines[0]);
        Assert.Equal("", lines[1]);
        var rows = new List<Row>();
        int index = 2;
        for (; index < lines.Length && !lines[index].StartsWith("#[", StringComparison.Ordinal); index++)
        {
            string[] cells = lines[index].Split(' ', StringSplitOptions.RemoveEmptyEntries);
            Assert.True(cells.Length is 3 or 4, $"row '{lines[index]}' does not have 3 or 4 columns");
            rows.Add(new Row(Number(cells[0]), Number(cells[1]), long.Parse(cells[2], CultureInfo.InvariantCulture)));
        }
        Assert.Equal(index + 3, lines.Length);
        Match mean = MeanLine().Match(lines[index]);
        Match max = MaxLine().Match(lines[index + 1]);
        Match buckets = BucketsLine().Match(lines[index + 2]);
        Assert.True(mean.Success && max.Success && buckets.Success, $"footer not in the .hgrm format:\n{string.Join('\n', lines[index..])}");
        return new HgrmFile(rows, Number(mean.Groups[1].Value), Number(mean.Groups[2].Value), Number(max.Groups[1].Value),
            long.Parse(max.Groups[2].Value, CultureInfo.InvariantCulture),
            int.Parse(buckets.Groups[1].Value, CultureInfo.InvariantCulture), int.Parse(buckets.Groups[2].Value, CultureInfo.InvariantCulture));
    }

    /// <summary>
    /// Asserts that the .hgrm beside the latency log <paramref name="csvPath"/> is in the standard format and describes
    /// exactly its samples (last column, in 1/<paramref name="unitsPerMicrosecond"/> microseconds): same count, same
    /// maximum and median within HdrHistogram's three digits.
    /// </summary>
    public static HgrmFile AssertDescribesLatencyLog(string csvPath, double unitsPerMicrosecond)
    {
        long[] latencies = File.ReadLines(csvPath).Skip(1)
            .Select(line => long.Parse(line[(line.LastIndexOf(' ') + 1)..], CultureInfo.InvariantCulture)).Order().ToArray();
        HgrmFile hgrm = Read(Path.ChangeExtension(csvPath, ".hgrm"));
        Assert.Equal(latencies.Length, hgrm.TotalCount);
        Assert.NotEmpty(latencies);
        double max = Math.Max(0, latencies[^1]) / unitsPerMicrosecond;
        double median = Math.Max(0, latencies[(latencies.Length - 1) / 2]) / unitsPerMicrosecond;
        Assert.InRange(hgrm.Max, max, max * 1.001 + 1 / unitsPerMicrosecond);
        Assert.InRange(hgrm.ValueAt(0.5), median, median * 1.001 + 1 / unitsPerMicrosecond);
        return hgrm;
    }

    /// <summary>The value of the first row at or above <paramref name="fraction"/> (0..1), as a plotter reads it.</summary>
    public double ValueAt(double fraction) => Rows.First(r => r.Percentile >= fraction).Value;

    private static double Number(string text) => double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);

    [GeneratedRegex(@"^#\[Mean    = +([-\d.]+|NaN), StdDeviation   = +([-\d.]+|NaN)\]$")]
    private static partial Regex MeanLine();

    [GeneratedRegex(@"^#\[Max     = +([-\d.]+), Total count    = +(\d+)\]$")]
    private static partial Regex MaxLine();

    [GeneratedRegex(@"^#\[Buckets = +(\d+), SubBuckets     = +(\d+)\]$")]
    private static partial Regex BucketsLine();
}
