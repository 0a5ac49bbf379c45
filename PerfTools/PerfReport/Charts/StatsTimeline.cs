using PerfTools.PerfReport.Input;

namespace PerfTools.PerfReport.Charts;

/// <summary>
/// The x value of each stats row: seconds since the run started, at the end of the row's interval.
/// Files with second-resolution timestamps share one origin per run (the earliest interval start among them), so a
/// consumer's and a provider's rows line up; files without (ProvPerf writes minutes) count intervals from their own start.
/// </summary>
internal static class StatsTimeline
{
    public static DateTime? Origin(RunFolder run)
    {
        DateTime? origin = null;
        foreach (StatsTable table in run.Stats.Where(t => t.UtcHasSeconds))
        {
            if (table.Utc.FirstOrDefault(t => t is not null) is DateTime first)
            {
                DateTime start = first.AddSeconds(-table.IntervalSeconds * table.Utc.IndexOf(first) - table.IntervalSeconds);
                if (origin is null || start < origin)
                    origin = start;
            }
        }
        return origin;
    }

    public static double[] Seconds(StatsTable table, DateTime? origin)
    {
        var xs = new double[table.RowCount];
        for (int i = 0; i < xs.Length; i++)
        {
            xs[i] = table.UtcHasSeconds && origin is DateTime o && table.Utc[i] is DateTime t
                ? (t - o).TotalSeconds
                : i == 0 ? table.IntervalSeconds : xs[i - 1] + table.IntervalSeconds;
        }
        return xs;
    }

    private static int IndexOf(this IReadOnlyList<DateTime?> list, DateTime value)
    {
        for (int i = 0; i < list.Count; i++)
        {
            if (list[i] == value)
                return i;
        }
        return -1;
    }
}
