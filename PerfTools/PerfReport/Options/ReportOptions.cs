namespace PerfTools.PerfReport.Options;

/// <summary>What to report on and where: the run folders (overlaid in the order given), the output folder and the page title.</summary>
public sealed record ReportOptions
{
    /// <summary>Where report.html and the charts go; empty means the first run folder.</summary>
    public string OutDir { get; init; } = "";

    public string Title { get; init; } = "";

    /// <summary>Print each run's headline before the report's path (the main job's closing lines).</summary>
    public bool Headline { get; init; }

    public IReadOnlyList<string> RunDirs { get; init; } = [];
}
