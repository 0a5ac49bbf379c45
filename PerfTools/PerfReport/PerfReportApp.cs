using PerfTools.PerfReport.Charts;
using PerfTools.PerfReport.Headline;
using PerfTools.PerfReport.Html;
using PerfTools.PerfReport.Input;
using PerfTools.PerfReport.Options;

namespace PerfTools.PerfReport;

/// <summary>
/// Reads one or more run folders, draws the charts, writes report.html and prints its path (with -headline, after each
/// run's headline).
/// Exit codes: 0 written; 2 bad command line or a run folder that is missing, unreadable or holds no tool output;
/// 1 the report could not be drawn or written.
/// </summary>
public static class PerfReportApp
{
    public const int UsageOrInputError = 2;
    public const int OutputError = 1;
    public const string ChartsFolder = "report-charts";
    public const string ReportFile = "report.html";

    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error)
    {
        var parsed = ReportCommandLine.Parse(args, out IReadOnlyList<string> runDirs);
        if (parsed.HelpRequested)
        {
            output.Write(ReportCommandLine.HelpText());
            return 0;
        }
        if (!parsed.IsSuccess)
            return parsed.Report(ReportCommandLine.ToolName, output, error);
        if (runDirs.Count == 0)
        {
            error.WriteLine($"{ReportCommandLine.ToolName}: no run folder given (-? for usage)");
            return UsageOrInputError;
        }
        ReportOptions options = parsed.Options! with { RunDirs = runDirs };

        List<RunFolder> runs;
        try
        {
            runs = options.RunDirs.Select(RunFolderReader.Read).ToList();
        }
        catch (ReportInputException e)
        {
            error.WriteLine($"{ReportCommandLine.ToolName}: {e.Message}");
            return UsageOrInputError;
        }
        runs = RunNames.MakeDistinct(runs);
        foreach (RunFolder run in runs)
        {
            foreach (string note in run.Notes)
                error.WriteLine($"{ReportCommandLine.ToolName}: {run.Name}: {note}");
        }

        string outDir = Path.GetFullPath(options.OutDir.Length > 0 ? options.OutDir : runs[0].Path);
        string title = options.Title.Length > 0 ? options.Title : "Performance run report: " + string.Join(" vs ", runs.Select(r => r.Name));
        try
        {
            if (ChartRenderer.MissingFontsWarning() is string warning)
                error.WriteLine($"{ReportCommandLine.ToolName}: warning: {warning}");
            string path = ReportBuilder.Write(runs, outDir, title);
            if (!options.Headline)
                output.WriteLine(path);
            else if (runs.Count == 1)
                output.Write(RunHeadline.Of(runs[0]).Format(title, new HeadlineLine("Report", path)));
            else
            {
                foreach (RunFolder run in runs)
                    output.Write(RunHeadline.Of(run).Format($"{title}: {run.Name}"));
                output.WriteLine($"Report: {path}");
            }
            return 0;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            error.WriteLine($"{ReportCommandLine.ToolName}: cannot write the report in '{outDir}': {e.Message}");
            return OutputError;
        }
        catch (Exception e) when (e is DllNotFoundException or TypeInitializationException)
        {
            error.WriteLine($"{ReportCommandLine.ToolName}: cannot draw charts, the native SkiaSharp library did not load: " +
                (e.InnerException ?? e).Message);
            return OutputError;
        }
    }
}
