namespace PerfTools.PerfReport.Input;

/// <summary>One "label: value" line of a summary; a sentence with no value (e.g. "No GenMsg latency information was received.") has Value "".</summary>
internal readonly record struct SummaryEntry(string Key, string Value);

/// <summary>A titled group of entries: "TEST INPUTS", "OVERALL SUMMARY / Steady State Statistics", ...</summary>
internal sealed record SummarySection(string Title, IReadOnlyList<SummaryEntry> Entries);

/// <summary>A summary file (guide §2.5.1, §4.6.1, §5.7.1, §6.7.1, §7.8.1) as sections of entries, in file order.</summary>
internal sealed record SummaryFile(string FileName, IReadOnlyList<SummarySection> Sections)
{
    /// <summary>The first entry named <paramref name="key"/> in any section, or null.</summary>
    public string? Find(string key) =>
        Sections.SelectMany(s => s.Entries).Where(e => e.Key.Equals(key, StringComparison.OrdinalIgnoreCase))
            .Select(e => (string?)e.Value).FirstOrDefault();
}
