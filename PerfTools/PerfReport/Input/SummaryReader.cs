namespace PerfTools.PerfReport.Input;

/// <summary>
/// Parses a summary file generically: "--- HEADING ---" lines and unindented "Title:" lines (outside the inputs block)
/// open sections; every other
/// non-blank line is a "key: value" entry (split at the first ": ") or a sentence. No tool's labels are assumed.
/// </summary>
internal static class SummaryReader
{
    public static SummaryFile Read(string path, IEnumerable<string> lines)
    {
        var sections = new List<SummarySection>();
        string heading = "";
        string title = "";
        List<SummaryEntry>? entries = null;

        void Open(string newTitle)
        {
            title = newTitle;
            entries = [];
            sections.Add(new SummarySection(title, entries));
        }

        foreach (string raw in lines)
        {
            string line = raw.Trim();
            if (line.Length == 0)
                continue;
            if (line.StartsWith("---", StringComparison.Ordinal) && line.EndsWith("---", StringComparison.Ordinal) && line.Length > 6)
            {
                heading = line.Trim('-', ' ');
                Open(heading);
                continue;
            }
            // Inputs are right-aligned on the colon, so the longest label is unindented too: an input with an empty value
            // ("Interface Name:") must not open a section.
            bool indented = char.IsWhiteSpace(raw[0]);
            if (line.EndsWith(':') && !indented && !heading.Contains("INPUT", StringComparison.OrdinalIgnoreCase))
            {
                string sub = line[..^1].Trim();
                Open(heading.Length == 0 ? sub : $"{heading} / {sub}");
                continue;
            }
            if (entries is null)
                Open(heading);
            int colon = line.IndexOf(": ", StringComparison.Ordinal);
            entries!.Add(colon > 0
                ? new SummaryEntry(line[..colon].Trim(), line[(colon + 2)..].Trim())
                : new SummaryEntry(line, ""));
        }
        sections.RemoveAll(s => s.Entries.Count == 0);
        return new SummaryFile(Path.GetFileName(path), sections);
    }
}
