using System.Globalization;
using System.Net;
using System.Text;
using PerfTools.PerfReport.Headline;
using PerfTools.PerfReport.Input;

namespace PerfTools.PerfReport.Html;

/// <summary>
/// Writes report.html: one self-contained page (inline CSS, charts as data: URIs, no script, font or image from the
/// network) with the runs, the charts, a latency percentile table and the summary figures side by side per run.
/// </summary>
internal static class HtmlReportWriter
{
    private static readonly CultureInfo C = CultureInfo.InvariantCulture;

    public static string Build(string title, IReadOnlyList<RunFolder> runs, IReadOnlyList<ReportChart> charts,
        IReadOnlyList<(string Name, PercentileDistribution Distribution)> distributions, DateTime generatedUtc)
    {
        var html = new StringBuilder();
        html.Append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
            .Append("<title>").Append(E(title)).Append("</title>\n<style>\n").Append(Css).Append("</style>\n</head>\n<body>\n")
            .Append("<h1>").Append(E(title)).Append("</h1>\n")
            .Append("<p class=\"meta\">Generated ").Append(E(generatedUtc.ToString("yyyy-MM-dd HH:mm:ss 'UTC'", C)))
            .Append(" by PerfReport. Latency in microseconds, rates per second, time in seconds since the run's first tool started (one clock for every tool).</p>\n");
        Headlines(html, runs);
        Contents(html, charts, distributions.Count > 0, runs.Any(r => r.Summaries.Count > 0));
        foreach (ReportChart chart in charts)
        {
            html.Append("<section class=\"chart\" id=\"").Append(E(chart.Spec.FileName)).Append("\">\n<h2>").Append(E(chart.Spec.Title))
                .Append("</h2>\n<img alt=\"").Append(E(chart.Spec.Title)).Append("\" src=\"data:image/png;base64,")
                .Append(Convert.ToBase64String(chart.Png)).Append("\">\n<p class=\"caption\">").Append(E(chart.Spec.Caption))
                .Append(" PNG: <a href=\"").Append(E(chart.RelativePath)).Append("\">").Append(E(chart.RelativePath)).Append("</a></p>\n");
            if (chart.Spec.FileName == "latency-percentiles")
                PercentileTable(html, distributions);
            html.Append("</section>\n");
        }
        if (distributions.Count > 0 && !charts.Any(c => c.Spec.FileName == "latency-percentiles"))
            PercentileTable(html, distributions);
        Runs(html, runs);
        SummaryTables(html, runs);
        html.Append("</body>\n</html>\n");
        return html.ToString();
    }

    // The first screen: each run's headline (result, rate, latency avg/p50/p99 and samples, warm-up, CPU per message).
    private static void Headlines(StringBuilder html, IReadOnlyList<RunFolder> runs)
    {
        html.Append("<section class=\"headline\" id=\"headline\">\n");
        foreach (RunFolder run in runs)
        {
            RunHeadline headline = RunHeadline.Of(run);
            if (runs.Count > 1)
                html.Append("<h2>").Append(E(run.Name)).Append("</h2>\n");
            html.Append("<table class=\"headline\">\n");
            if (headline.IsEmpty)
                html.Append("<tr><td>No summary file with figures in this run.</td></tr>\n");
            foreach (HeadlineLine line in headline.Lines)
                html.Append("<tr><th>").Append(E(line.Label)).Append("</th><td>").Append(E(line.Text)).Append("</td></tr>\n");
            html.Append("</table>\n");
        }
        html.Append("</section>\n");
    }

    private static void Runs(StringBuilder html, IReadOnlyList<RunFolder> runs)
    {
        html.Append("<h2>Runs</h2>\n<table class=\"runs\">\n<tr><th>run</th><th>folder</th><th>files read</th><th>notes</th></tr>\n");
        foreach (RunFolder run in runs)
        {
            IEnumerable<string> files = run.Summaries.Select(s => s.FileName)
                .Concat(run.Stats.Select(s => $"{s.Label}.csv ({s.RowCount} rows, {s.IntervalSeconds.ToString("0.###", C)} s interval)"))
                .Concat(run.LatencyLogs.Select(l => $"{l.Label}.csv ({l.ByType.Sum(t => t.LatencyMicros.Length)} latency samples)"))
                .Concat(run.Distributions.Select(d => d.Source));
            html.Append("<tr><td>").Append(E(run.Name)).Append("</td><td><code>").Append(E(run.Path)).Append("</code></td><td>")
                .Append(string.Join("<br>", files.Select(E))).Append("</td><td>").Append(string.Join("<br>", run.Notes.Select(E)))
                .Append("</td></tr>\n");
        }
        html.Append("</table>\n");
    }

    private static void Contents(StringBuilder html, IReadOnlyList<ReportChart> charts, bool hasPercentiles, bool hasSummaries)
    {
        html.Append("<nav><ul>\n");
        foreach (ReportChart chart in charts)
            html.Append("<li><a href=\"#").Append(E(chart.Spec.FileName)).Append("\">").Append(E(chart.Spec.Title)).Append("</a></li>\n");
        if (hasPercentiles && !charts.Any(c => c.Spec.FileName == "latency-percentiles"))
            html.Append("<li><a href=\"#percentiles\">Latency percentiles</a></li>\n");
        if (hasSummaries)
            html.Append("<li><a href=\"#summaries\">Summary figures</a></li>\n");
        html.Append("</ul></nav>\n");
    }

    private static void PercentileTable(StringBuilder html, IReadOnlyList<(string Name, PercentileDistribution Distribution)> distributions)
    {
        html.Append("<table class=\"figures\" id=\"percentiles\">\n<tr><th>distribution</th><th>samples</th><th>mean</th>");
        foreach (double p in PercentileCalculator.NamedLevels)
            html.Append("<th>p").Append(E((p * 100).ToString("0.##", C))).Append("</th>");
        html.Append("<th>max</th></tr>\n");
        foreach ((string name, PercentileDistribution d) in distributions)
        {
            html.Append("<tr><td>").Append(E(name)).Append("</td><td>").Append(d.TotalCount.ToString("N0", C)).Append("</td><td>")
                .Append(Micros(d.MeanMicros)).Append("</td>");
            foreach (double p in PercentileCalculator.NamedLevels)
                html.Append("<td>").Append(Micros(ValueAt(d, p))).Append("</td>");
            html.Append("<td>").Append(Micros(d.MaxMicros ?? d.Points.LastOrDefault().ValueMicros)).Append("</td></tr>\n");
        }
        html.Append("</table>\n<p class=\"caption\">Latency in µs. From a latency CSV, percentiles are exact (nearest rank); from an .hgrm, a percentile is the value of the first row at or above it.</p>\n");
    }

    /// <summary>The summary figures: one table per summary file name and section, one value column per run.</summary>
    private static void SummaryTables(StringBuilder html, IReadOnlyList<RunFolder> runs)
    {
        string[] fileNames = runs.SelectMany(r => r.Summaries).Select(s => s.FileName).Distinct().ToArray();
        if (fileNames.Length == 0)
            return;
        html.Append("<h2 id=\"summaries\">Summary figures</h2>\n");
        foreach (string fileName in fileNames)
        {
            html.Append("<h3>").Append(E(fileName)).Append("</h3>\n");
            SummaryFile?[] files = runs.Select(r => r.Summaries.FirstOrDefault(s => s.FileName == fileName)).ToArray();
            string[] titles = files.OfType<SummaryFile>().SelectMany(f => f.Sections).Select(s => s.Title).Distinct().ToArray();
            foreach (string title in titles)
            {
                html.Append("<table class=\"summary\">\n<tr><th>").Append(E(title)).Append("</th>");
                foreach (RunFolder run in runs)
                    html.Append("<th>").Append(E(run.Name)).Append("</th>");
                html.Append("</tr>\n");
                List<SummaryEntry>?[] sections = files.Select(f => f?.Sections.FirstOrDefault(s => s.Title == title)?.Entries.ToList()).ToArray();
                foreach (string key in sections.OfType<List<SummaryEntry>>().SelectMany(e => e).Select(e => e.Key).Distinct())
                {
                    string[] values = sections.Select(entries => entries?.FirstOrDefault(e => e.Key == key) is SummaryEntry entry
                        ? entry.Value.Length == 0 ? "✓" : entry.Value
                        : "").ToArray();
                    // Rows where compared runs differ are tinted, so a changed input or result stands out.
                    html.Append(values.Distinct().Count() > 1 ? "<tr class=\"differs\"><td>" : "<tr><td>").Append(E(key)).Append("</td>");
                    foreach (string value in values)
                        html.Append("<td>").Append(E(value)).Append("</td>");
                    html.Append("</tr>\n");
                }
                html.Append("</table>\n");
            }
        }
    }

    private static double? ValueAt(PercentileDistribution d, double percentile)
    {
        foreach (PercentilePoint point in d.Points)
        {
            if (point.Percentile >= percentile - 1e-9)
                return point.ValueMicros;
        }
        return null;
    }

    private static string Micros(double? value) => value is double v ? E(v.ToString("0.0", C)) : "";

    private static string E(string text) => WebUtility.HtmlEncode(text);

    private const string Css = """
        body { font-family: sans-serif; margin: 1.5em 2em; color: #222; max-width: 1300px; }
        h1 { margin-bottom: 0.2em; }
        .meta, .caption { color: #555; font-size: 0.9em; }
        img { max-width: 100%; border: 1px solid #ddd; }
        table { border-collapse: collapse; margin: 0.5em 0 1.2em; font-size: 0.9em; }
        th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
        th { background: #f0f0f0; }
        table.summary td:not(:first-child), table.figures td:not(:first-child) { text-align: right; font-variant-numeric: tabular-nums; }
        nav ul { columns: 3; }
        section.chart { margin-top: 1.5em; }
        section.headline table { font-size: 1.15em; margin: 0.8em 0; }
        section.headline th { background: #e8f0fe; white-space: nowrap; }
        tr.differs td { background: #fff6d5; }

        """;
}
