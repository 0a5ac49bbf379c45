using System.Globalization;

namespace PerfTools.PerfReport.Input;

/// <summary>
/// Finds and reads a run's files by content, not by name, so any <c>-statsFile</c>/<c>-latencyFile</c> name works:
/// summaries are <c>*Summary*.out</c>/<c>.txt</c>, <c>.hgrm</c> files are percentile distributions, and a <c>.csv</c> is a
/// stats file when its header starts with "UTC" or a latency log when its rows are "[type,] send, receive, latency".
/// A file that cannot be used is noted and skipped; a folder with nothing usable is an error.
/// </summary>
internal static class RunFolderReader
{
    /// <summary>The guide's default <c>-writeStatsInterval</c>, used when neither a summary nor the timestamps tell.</summary>
    public const double DefaultStatsIntervalSeconds = 5;

    public static RunFolder Read(string folder)
    {
        string full = System.IO.Path.GetFullPath(folder);
        if (!Directory.Exists(full))
            throw new ReportInputException($"run folder '{folder}' does not exist");
        string[] files;
        try
        {
            files = Directory.GetFiles(full).Order(StringComparer.Ordinal).ToArray();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new ReportInputException($"run folder '{folder}' cannot be listed: {e.Message}");
        }

        var summaries = new List<SummaryFile>();
        var stats = new List<StatsTable>();
        var logs = new List<LatencyLog>();
        var distributions = new List<PercentileDistribution>();
        var notes = new List<string>();
        foreach (string file in files)
        {
            string name = System.IO.Path.GetFileName(file);
            string extension = System.IO.Path.GetExtension(file).ToLowerInvariant();
            bool isSummary = extension is ".out" or ".txt" && name.Contains("Summary", StringComparison.OrdinalIgnoreCase);
            if (!isSummary && extension is not (".hgrm" or ".csv"))
                continue;
            try
            {
                if (TextFile.SizeOf(file) == 0)
                    notes.Add($"skipped {name}: empty, or not a regular file");
                else if (isSummary)
                    summaries.Add(SummaryReader.Read(file, TextFile.ReadLines(file)));
                else if (extension == ".hgrm")
                    distributions.Add(HgrmReader.Read(name, TextFile.ReadLines(file)));
                else
                    ReadCsv(file, stats, logs, notes);
            }
            catch (InvalidDataException e)
            {
                notes.Add($"skipped {e.Message}");
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw new ReportInputException($"cannot read '{file}': {e.Message}");
            }
        }

        if (summaries.Count + stats.Count + logs.Count + distributions.Count == 0)
        {
            throw new ReportInputException(
                $"run folder '{folder}' holds no tool output: no summary (*Summary*.out), stats CSV (\"UTC, ...\" header), " +
                "latency CSV or .hgrm file" + (notes.Count > 0 ? $" ({string.Join("; ", notes)})" : ""));
        }
        string runName = System.IO.Path.GetFileName(full.TrimEnd(System.IO.Path.DirectorySeparatorChar));
        StatsTable[] timed = stats.Select(t => t with { IntervalSeconds = StatsInterval(t, summaries) }).ToArray();
        return new RunFolder(full, runName, summaries, timed, logs, distributions, notes);
    }

    private static void ReadCsv(string file, List<StatsTable> stats, List<LatencyLog> logs, List<string> notes)
    {
        string? first = TextFile.ReadLines(file).FirstOrDefault(l => l.Trim().Length > 0);
        string name = System.IO.Path.GetFileName(file);
        if (first is null)
            notes.Add($"skipped {name}: blank");
        else if (StatsTableReader.IsStatsHeader(first))
            stats.Add(StatsTableReader.Read(name, TextFile.ReadLines(file)));
        else if (LatencyLogReader.IsLatencyLog(first))
            logs.Add(LatencyLogReader.Read(name, TextFile.ReadLines(file)));
        else
            notes.Add($"skipped {name}: neither a stats file (\"UTC, ...\") nor a latency log");
    }

    /// <summary>
    /// Seconds per row of <paramref name="table"/>: the median step of its timestamps when they have seconds (ConsPerf,
    /// TransportPerf), else "Write Stats Interval" from the summary naming this stats file (ProvPerf prints it, and
    /// minutes only in its timestamps), else from any summary, else the guide's default.
    /// </summary>
    private static double StatsInterval(StatsTable table, List<SummaryFile> summaries)
    {
        var steps = new List<double>();
        for (int i = 1; i < table.RowCount && table.UtcHasSeconds; i++)
        {
            if (table.Utc[i] is DateTime now && table.Utc[i - 1] is DateTime before && now > before)
                steps.Add((now - before).TotalSeconds);
        }
        if (steps.Count > 0)
        {
            steps.Sort();
            return steps[steps.Count / 2];
        }
        IEnumerable<SummaryFile> owners = summaries.Where(s => s.Find("Stats File") is string statsFile &&
            table.Label.StartsWith(System.IO.Path.GetFileName(statsFile), StringComparison.Ordinal));
        foreach (SummaryFile summary in owners.Concat(summaries))
        {
            string? number = summary.Find("Write Stats Interval")?.Split(' ', StringSplitOptions.RemoveEmptyEntries).FirstOrDefault();
            if (double.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out double seconds) && seconds > 0)
                return seconds;
        }
        return DefaultStatsIntervalSeconds;
    }
}
