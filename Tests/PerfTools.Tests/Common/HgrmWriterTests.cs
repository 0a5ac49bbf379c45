using System.Globalization;
using PerfTools.Common.Statistics;
using Xunit;

namespace PerfTools.Tests.Common;

public sealed class HgrmWriterTests
{
    [Fact]
    public void Writes_the_HdrHistogram_percentile_distribution_layout()
    {
        var histogram = new LatencyHistogram(3_600_000_000, 3);
        for (int i = 1; i <= 100_000; i++)
            histogram.Record(80_000 + i % 20_000 + (i % 10_000 == 0 ? 1_700_000 : 0));

        var text = new StringWriter();
        HgrmWriter.Write(text, histogram, valueScale: 1000.0);
        string[] lines = text.ToString().Split('\n');

        Assert.Equal("       Value     Percentile TotalCount 1/(1-Percentile)", lines[0]);
        Assert.Equal("", lines[1]);
        string[] first = lines[2].Split(' ', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal("0.000000000000", first[1]);
        Assert.Equal("1.00", first[3]);
        Assert.Equal(12, lines[2].IndexOf('.', StringComparison.Ordinal) + 4); // %12.3f value column

        int footer = Array.FindIndex(lines, l => l.StartsWith("#[Mean", StringComparison.Ordinal));
        string last = lines[footer - 1];
        string[] lastCells = last.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(3, lastCells.Length);
        Assert.Equal("1.000000000000", lastCells[1]);
        Assert.Equal("100000", lastCells[2]);
        Assert.Equal(histogram.Max / 1000.0, double.Parse(lastCells[0], CultureInfo.InvariantCulture), 3);

        Assert.Matches(@"^#\[Mean    = +\d+\.\d{3}, StdDeviation   = +\d+\.\d{3}\]$", lines[footer]);
        Assert.Matches(@"^#\[Max     = +\d+\.\d{3}, Total count    = +100000\]$", lines[footer + 1]);
        Assert.Equal("#[Buckets =           22, SubBuckets     =         2048]", lines[footer + 2]);

        // Percentile column increases and cumulative counts never decrease.
        double previous = -1;
        long previousCount = 0;
        for (int i = 2; i < footer; i++)
        {
            string[] cells = lines[i].Split(' ', StringSplitOptions.RemoveEmptyEntries);
            double percentile = double.Parse(cells[1], CultureInfo.InvariantCulture);
            long count = long.Parse(cells[2], CultureInfo.InvariantCulture);
            Assert.True(percentile > previous);
            Assert.True(count >= previousCount);
            previous = percentile;
            previousCount = count;
        }
    }

    [Fact]
    public void Empty_histogram_writes_header_and_footer_only()
    {
        var text = new StringWriter();
        HgrmWriter.Write(text, new LatencyHistogram(1000, 2));
        Assert.Equal(4, text.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries).Length);
    }
}
