using PerfTools.PerfReport.Charts;
using PerfTools.PerfReport.Html;
using PerfTools.PerfReport.Input;

namespace PerfTools.PerfReport;

/// <summary>Draws every chart the runs have data for, writes the PNGs and report.html, and returns report.html's full path.</summary>
internal static class ReportBuilder
{
    public static string Write(IReadOnlyList<RunFolder> runs, string outDir, string title)
    {
        var names = new SeriesNames(runs.Count > 1);
        var distributions = PercentileCharts.Collect(runs, names);
        IEnumerable<ChartSpec?> specs = StatsCharts.Build(runs, names)
            .Append(PercentileCharts.Build(distributions))
            .Append(LatencySampleCharts.Build(runs, names));

        string chartDir = Path.Combine(outDir, PerfReportApp.ChartsFolder);
        Directory.CreateDirectory(chartDir);
        var charts = new List<ReportChart>();
        foreach (ChartSpec spec in specs.OfType<ChartSpec>().Where(s => s.Series.Count > 0))
        {
            byte[] png = ChartRenderer.RenderPng(spec);
            string relative = $"{PerfReportApp.ChartsFolder}/{spec.FileName}.png";
            File.WriteAllBytes(Path.Combine(outDir, relative), png);
            charts.Add(new ReportChart(spec, png, relative));
        }

        string html = HtmlReportWriter.Build(title, runs, charts, distributions, DateTime.UtcNow);
        string path = Path.Combine(outDir, PerfReportApp.ReportFile);
        File.WriteAllText(path, html);
        return path;
    }
}
