using System.Diagnostics;
using System.Text.RegularExpressions;
using PerfTools.PerfReport;
using SkiaSharp;
using Xunit;

namespace PerfReport.Tests;

/// <summary>
/// report.html as a person sees it: opened in headless Chromium, its first screen (1280×900) must show the headline
/// numbers, and every chart on the page must have data drawn in it, not only axes. Without Chromium the test skips
/// and says so, except in CI (CI=true or REQUIRE_REFERENCE=1), where it fails: .ci/run installs Debian's chromium.
/// </summary>
public sealed partial class ReportScreenshotTests
{
    private const int ScreenWidth = 1280, ScreenHeight = 900;

    // The headline table's label cells (HtmlReportWriter's CSS: section.headline th { background: #e8f0fe }).
    private static readonly SKColor HeadlineLabelBackground = new(0xe8, 0xf0, 0xfe);

    [Fact]
    public async Task The_first_screen_shows_the_headline_and_no_chart_is_empty()
    {
        string chromium = Chromium();
        using var run = new RunFixture("direct");
        run.ConsStats().ProvStats().ConsSummary().ConsLatency();
        var output = new StringWriter();
        var error = new StringWriter();
        Assert.True(PerfReportApp.Run(["-title", "Screenshot check", run.Path], output, error) == 0, error.ToString());
        string report = output.ToString().Trim();

        string screenshot = Path.Combine(run.Root, "first-screen.png");
        await Screenshot(chromium, report, screenshot);
        TestContext.Current.TestOutputHelper?.WriteLine($"first screen: {screenshot}");

        using SKBitmap screen = SKBitmap.Decode(screenshot) ?? throw new Xunit.Sdk.XunitException("the screenshot does not decode");
        Assert.Equal((ScreenWidth, ScreenHeight), (screen.Width, screen.Height));
        int headlinePixels = CountPixels(screen, 0, screen.Width, c => c == HeadlineLabelBackground);
        Assert.True(headlinePixels > 5_000, $"the headline table is not on the first screen ({headlinePixels} pixels of its colour)");
        string html = File.ReadAllText(report);
        Match headline = HeadlineSection().Match(html);
        Assert.True(headline.Success, "report.html has no headline section");
        foreach (string label in new[] { "Update rate", "Latency", "CPU per message" })
            Assert.Contains($"<th>{label}</th>", headline.Value);
        Assert.True(html.IndexOf("id=\"headline\"", StringComparison.Ordinal) < html.IndexOf("<img", StringComparison.Ordinal),
            "the headline comes after a chart");

        string[] charts = Directory.GetFiles(Path.Combine(run.Path, PerfReportApp.ChartsFolder), "*.png");
        Assert.NotEmpty(charts);
        foreach (string chart in charts)
        {
            using SKBitmap bitmap = SKBitmap.Decode(chart)!;
            // The plot area's left part (the legend sits at the right edge): a drawn series leaves coloured pixels there.
            int data = CountPixels(bitmap, 60, 700, IsSeriesColour);
            Assert.True(data > 300, $"{Path.GetFileName(chart)} is empty: {data} coloured pixels in its plot area");
        }
    }

    private static bool IsSeriesColour(SKColor c) => Math.Max(c.Red, Math.Max(c.Green, c.Blue)) - Math.Min(c.Red, Math.Min(c.Green, c.Blue)) > 60;

    private static int CountPixels(SKBitmap bitmap, int fromX, int toX, Func<SKColor, bool> matches)
    {
        int count = 0;
        for (int y = 0; y < bitmap.Height; y++)
        {
            for (int x = fromX; x < Math.Min(toX, bitmap.Width); x++)
            {
                if (matches(bitmap.GetPixel(x, y)))
                    count++;
            }
        }
        return count;
    }

    private static async Task Screenshot(string chromium, string html, string png)
    {
        var start = new ProcessStartInfo(chromium,
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", $"--window-size={ScreenWidth},{ScreenHeight}",
            $"--screenshot={png}", new Uri(html).AbsoluteUri,
        ])
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        using var process = Process.Start(start)!;
        Task<string> stderr = process.StandardError.ReadToEndAsync();
        _ = process.StandardOutput.ReadToEndAsync();
        using var limit = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        limit.CancelAfter(TimeSpan.FromSeconds(90));
        try
        {
            await process.WaitForExitAsync(limit.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw;
        }
        Assert.True(File.Exists(png), $"chromium wrote no screenshot (exit {process.ExitCode}): {await stderr}");
    }

    /// <summary>Chromium's path (CHROMIUM, else chromium or chromium-browser on PATH); skips, or fails in CI, without it.</summary>
    private static string Chromium()
    {
        string? configured = Environment.GetEnvironmentVariable("CHROMIUM");
        IEnumerable<string> candidates = configured is { Length: > 0 }
            ? [configured]
            : (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator)
                .SelectMany(dir => new[] { Path.Combine(dir, "chromium"), Path.Combine(dir, "chromium-browser") });
        if (candidates.FirstOrDefault(File.Exists) is string found)
            return found;
        const string why = "headless Chromium is not installed (Debian: apt-get install chromium; or set CHROMIUM): report.html was not looked at";
        if (Environment.GetEnvironmentVariable("REQUIRE_REFERENCE") == "1" || Environment.GetEnvironmentVariable("CI") == "true")
            Assert.Fail(why);
        Assert.Skip(why);
        return "";
    }

    [GeneratedRegex("<section class=\"headline\" id=\"headline\">.*?</section>", RegexOptions.Singleline)]
    private static partial Regex HeadlineSection();
}
