using System.Text.RegularExpressions;

namespace PerfTools.PerfReport.Charts;

/// <summary>What a stats column holds, judged from its header name alone so any tool's file (and extra columns) can be charted.</summary>
internal enum StatsColumnKind
{
    /// <summary>Already per second ("Update rate").</summary>
    Rate,

    /// <summary>Messages counted over one interval ("Updates sent", "Msgs received", "Images"): divided by the interval.</summary>
    CountPerInterval,

    /// <summary>Item requests or images (refreshes) counted over one interval: the start-up phase, charted apart from update rates.</summary>
    ImagesPerInterval,

    /// <summary>Bytes counted over one interval ("Bytes sent"): shown as MB/s.</summary>
    BytesPerInterval,

    /// <summary>A latency figure in microseconds, or a count of latency samples: charted by latency family instead.</summary>
    Latency,

    Cpu,
    Memory,
    Other,
}

internal static partial class StatsColumnKinds
{
    public static StatsColumnKind Of(string header)
    {
        string h = header.ToLowerInvariant();
        if (h == "utc" || h.StartsWith("interval", StringComparison.Ordinal))
            return StatsColumnKind.Other;
        if (h.Contains("latenc") || h.Contains("(usec)") || h.Contains("(nsec)"))
            return StatsColumnKind.Latency;
        if (h.Contains("cpu"))
            return StatsColumnKind.Cpu;
        if (h.Contains("memory"))
            return StatsColumnKind.Memory;
        if (h.Contains("bytes"))
            return StatsColumnKind.BytesPerInterval;
        if (h.Contains("image") || h.Contains("request") || h.Contains("refresh"))
            return StatsColumnKind.ImagesPerInterval;
        if (h.Contains("rate"))
            return StatsColumnKind.Rate;
        return StatsColumnKind.CountPerInterval;
    }

    /// <summary>"Posting Latency avg (usec)" → "Posting Latency"; null for a column that is not a latency average.</summary>
    public static string? LatencyFamily(string header)
    {
        Match m = AverageColumn().Match(header);
        return m.Success ? m.Groups[1].Value.Trim() : null;
    }

    [GeneratedRegex(@"^(.*?)\s*avg\s*\(usec\)$", RegexOptions.IgnoreCase)]
    private static partial Regex AverageColumn();
}
