namespace PerfTools.PerfReport.Charts;

/// <summary>Legend text: the file and figure, prefixed by the run folder's name when several runs are overlaid.</summary>
internal sealed class SeriesNames(bool severalRuns)
{
    public string Of(string runName, string file, string figure) =>
        (severalRuns ? $"{runName}: " : "") + (figure.Length == 0 ? file : $"{file} {figure}");
}
