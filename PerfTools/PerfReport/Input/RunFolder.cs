namespace PerfTools.PerfReport.Input;

/// <summary>Everything read from one run's folder. <see cref="Name"/> labels this run's series when runs are overlaid.</summary>
internal sealed record RunFolder(
    string Path,
    string Name,
    IReadOnlyList<SummaryFile> Summaries,
    IReadOnlyList<StatsTable> Stats,
    IReadOnlyList<LatencyLog> LatencyLogs,
    IReadOnlyList<PercentileDistribution> Distributions,
    IReadOnlyList<string> Notes)
{
    public RunFolder WithName(string name) => this with { Name = name };
}
