using ScottPlot;

namespace PerfTools.PerfReport.Charts;

/// <summary>
/// Draws a <see cref="ChartSpec"/> as a PNG with ScottPlot: labelled axes, y from zero (or logarithmic by decades),
/// legend beside the plot. A series that lies exactly on one drawn before it is dashed over it, with "(= that one)" in
/// its legend, so no series hides under another.
/// </summary>
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

        double maxX = 0, maxY = 0, minY = double.MaxValue;
        var drawn = new List<(string Name, double[] Xs, double[] Ys)>();
        foreach (ChartSeries series in spec.Series)
        {
            // NaN cells (a cut-off last row) are dropped rather than breaking the line; so are values a log axis cannot show.
            int[] keep = Enumerable.Range(0, series.Xs.Length)
                .Where(i => double.IsFinite(series.Xs[i]) && double.IsFinite(series.Ys[i]) && (!spec.LogY || series.Ys[i] > 0)).ToArray();
            if (keep.Length == 0)
                continue;
            double[] xs = keep.Select(i => series.Xs[i]).ToArray();
            double[] ys = keep.Select(i => spec.LogY ? Math.Log10(series.Ys[i]) : series.Ys[i]).ToArray();
            maxX = Math.Max(maxX, xs.Max());
            maxY = Math.Max(maxY, ys.Max());
            minY = Math.Min(minY, ys.Min());

            var scatter = plot.Add.Scatter(xs, ys);
            string? twin = drawn.FirstOrDefault(d => d.Xs.SequenceEqual(xs) && d.Ys.SequenceEqual(ys)).Name;
            drawn.Add((series.Name, xs, ys));
            scatter.LegendText = twin is null ? series.Name : $"{series.Name} (= {twin})";
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
            if (twin is not null)
            {
                scatter.LinePattern = LinePattern.Dashed;
                scatter.LineWidth = 3;
                scatter.MarkerShape = MarkerShape.OpenSquare;
                scatter.MarkerSize = xs.Length <= 60 ? 10 : 0;
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
        if (spec.LogY && drawn.Count > 0)
            SetLogY(plot, Math.Floor(minY), Math.Max(Math.Ceiling(maxY), Math.Floor(minY) + 1));
        else
            plot.Axes.SetLimitsY(0, maxY > 0 ? maxY * 1.08 : 1);
        plot.ShowLegend(Edge.Right);
        return plot.GetImageBytes(Width, Height, ImageFormat.Png);
    }

    // y holds log10 of the values: a major tick at each power of ten (labelled with the value), minor ticks at 2..9.
    private static void SetLogY(Plot plot, double lowDecade, double highDecade)
    {
        var ticks = new ScottPlot.TickGenerators.NumericManual();
        for (double decade = lowDecade; decade <= highDecade; decade++)
        {
            ticks.AddMajor(decade, Math.Pow(10, decade).ToString("#,##0.###", System.Globalization.CultureInfo.InvariantCulture));
            for (int m = 2; m <= 9 && decade < highDecade; m++)
                ticks.AddMinor(decade + Math.Log10(m));
        }
        plot.Axes.Left.TickGenerator = ticks;
        plot.Grid.YAxisStyle.MinorLineStyle.Width = 1;
        plot.Axes.SetLimitsY(lowDecade, highDecade);
    }
}
