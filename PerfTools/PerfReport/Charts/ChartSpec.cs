namespace PerfTools.PerfReport.Charts;

/// <summary>How a series is drawn: a line with point markers, a dashed line, or markers only (raw samples).</summary>
internal enum SeriesStyle
{
    Line,
    Dashed,
    Points,
}

/// <summary>The x axis: plain seconds, or HdrHistogram's percentile axis (x = log10(1/(1-p)), ticks 90%, 99%, 99.9%, ...).</summary>
internal enum XAxisKind
{
    Seconds,
    PercentileLog,
}

internal sealed record ChartSeries(string Name, double[] Xs, double[] Ys, SeriesStyle Style = SeriesStyle.Line);

/// <summary>One chart of the report, independent of the plotting library: what to draw and how to label it.</summary>
internal sealed record ChartSpec(
    string FileName,
    string Title,
    string XLabel,
    string YLabel,
    IReadOnlyList<ChartSeries> Series,
    string Caption,
    XAxisKind XAxis = XAxisKind.Seconds)
{
    /// <summary>A logarithmic y axis (decades 1, 10, 100, ... labelled in the axis's unit): for latency over time.</summary>
    public bool LogY { get; init; }
}
