using PerfTools.Common.CommandLine;

namespace PerfTools.PerfReport.Options;

/// <summary>
/// <c>PerfReport [-o &lt;outDir&gt;] [-title &lt;text&gt;] &lt;runDir&gt; [&lt;runDir&gt;...]</c>: options in the tools' style
/// (single dash, <c>-?</c> for help) through the shared option table; every other word is a run folder.
/// </summary>
public static class ReportCommandLine
{
    public const string ToolName = "PerfReport";

    private static readonly OptionTable<OptionDraft<ReportOptions>, ReportOptions> Table =
        new OptionTable<OptionDraft<ReportOptions>, ReportOptions>(ToolName, d => d.Value)
            .Text("-o", "", "Folder for report.html and the chart PNGs", (d, v) => d.Value = d.Value with { OutDir = v },
                allowEmpty: false, defaultText: "the first run folder")
            .Text("-title", "", "Heading of the report", (d, v) => d.Value = d.Value with { Title = v },
                defaultText: "\"Performance run report\" and the run folders' names")
            .Flag("-headline", "Print each run's headline (result, rate, latency avg/p50/p99 and samples, CPU per message) before the report's path",
                (d, v) => d.Value = d.Value with { Headline = v });

    /// <summary>Separates run folders from options, then parses the options; run folders are added to the result.</summary>
    public static CommandLineResult<ReportOptions> Parse(IReadOnlyList<string> args, out IReadOnlyList<string> runDirs)
    {
        var options = new List<string>();
        var folders = new List<string>();
        for (int i = 0; i < args.Count; i++)
        {
            string arg = args[i];
            if (!arg.StartsWith('-') || arg == "-")
            {
                folders.Add(arg);
                continue;
            }
            options.Add(arg);
            if (Table.Options.FirstOrDefault(o => o.Name == arg) is { TakesValue: true } && i + 1 < args.Count)
                options.Add(args[++i]);
        }
        runDirs = folders;
        return Table.Parse(options);
    }

    public static string HelpText() =>
        Table.HelpText().Replace("[options]\n", "[options] <runDir> [<runDir>...]\n", StringComparison.Ordinal) +
        "  <runDir>  a folder of one run's output files; give several to overlay them (the legend names each folder)\n";
}
