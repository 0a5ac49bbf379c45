using ScottPlot;

namespace PerfTools.PerfReport.Charts;

/// <summary>Draws a <see cref="ChartSpec"/> as a PNG with ScottPlot: labelled axes, y from zero, legend beside the plot.</summary>
internal static class ChartRenderer
{
    public const int Width = 1200;
    public const int Height = 520;

    private static readonly string[] SansFamilies = ["DejaVu Sans", "Liberation Sans", "Noto Sans", "Open Sans", "Arial", "Helvetica"];

    // Skia's default family on Linux is often a serif; prefer a common sans family the machine has.
    private static readonly Lazy<string?> SansFamily = new(() =>
    {
        string[] installed = SkiaSharp.SKFontManager.Default.GetFontFamilies();
        return SansFamilies.FirstOrDefault(f => installed.Contains(f, StringComparer.OrdinalIgnoreCase));
    });

    /// <summary>
    /// A warning when the machine has no fonts for Skia to find (a bare container): charts would then have no text.
    /// Skia's font manager here scans the system font folders (Debian's fonts-dejavu-core is enough).
    /// </summary>
    public static string? MissingFontsWarning() =>
        SkiaSharp.SKFontManager.Default.FontFamilyCount == 0
            ? "no system fonts found (e.g. /usr/share/fonts): the charts will have no text; install a font package such as fonts-dejavu-core"
            : null;

    public static byte[] RenderPng(ChartSpec spec)
    {
        var plot = new Plot();
        if (SansFamily.Value is string family)
            plot.Font.Set(family);
        plot.Add.Palette = new ScottPlot.Palettes.Category10();
        plot.Title(spec.Title, size: 20);
        plot.XLabel(spec.XLabel, size: 15);
        plot.YLabel(spec.YLabel, size: 15);
        plot.Axes.Bottom.TickLabelStyle.FontSize = 13;
        plot.Axes.Left.TickLabelStyle.FontSize = 13;

        double maxX = 0, maxY = 0;
        foreach (ChartSeries series in spec.Series)
        {
            // NaN cells (a cut-off last row) are dropped rather than breaking the line.
            int[] keep = Enumerable.Range(0, series.Xs.Length)
                .Where(i => double.IsFinite(series.Xs[i]) && double.IsFinite(series.Ys[i])).ToArray();
            if (keep.Length == 0)
                continue;
            double[] xs = keep.Select(i => series.Xs[i]).ToArray();
            double[] ys = keep.Select(i => series.Ys[i]).ToArray();
            maxX = Math.Max(maxX, xs.Max());
            maxY = Math.Max(maxY, ys.Max());

            var scatter = plot.Add.Scatter(xs, ys);
            scatter.LegendText = series.Name;
            switch (series.Style)
            {
                case SeriesStyle.Points:
                    scatter.LineWidth = 0;
                    scatter.MarkerSize = 4;
                    break;
                case SeriesStyle.Dashed:
                    scatter.LineWidth = 2;
                    scatter.LinePattern = LinePattern.Dashed;
                    scatter.MarkerSize = xs.Length <= 60 ? 5 : 0;
                    break;
                default:
                    scatter.LineWidth = 2;
                    scatter.MarkerSize = xs.Length <= 60 ? 6 : 0;
                    break;
            }
        }

        if (spec.XAxis == XAxisKind.PercentileLog)
        {
            int last = Math.Max(2, (int)Math.Ceiling(maxX));
            var ticks = new ScottPlot.TickGenerators.NumericManual();
            for (int position = 0; position <= last; position++)
                ticks.AddMajor(position, PercentileCharts.TickLabel(position));
            plot.Axes.Bottom.TickGenerator = ticks;
            plot.Axes.SetLimitsX(0, last);
        }
        else
        {
            plot.Axes.SetLimitsX(0, maxX > 0 ? maxX * 1.03 : 1);
        }
        plot.Axes.SetLimitsY(0, maxY > 0 ? maxY * 1.08 : 1);
        plot.ShowLegend(Edge.Right);
        return plot.GetImageBytes(Width, Height, ImageFormat.Png);
    }
}
