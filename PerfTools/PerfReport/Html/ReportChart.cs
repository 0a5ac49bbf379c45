using PerfTools.PerfReport.Charts;

namespace PerfTools.PerfReport.Html;

/// <summary>A drawn chart: its spec and PNG bytes, and the PNG's path relative to report.html.</summary>
internal sealed record ReportChart(ChartSpec Spec, byte[] Png, string RelativePath);
