using System.Globalization;
using PerfTools.PerfReport.Input;

namespace PerfTools.PerfReport.Headline;

/// <summary>One line of a run's headline: "Latency" and what to say about it.</summary>
internal readonly record struct HeadlineLine(string Label, string Text);

/// <summary>
/// The few numbers a reader wants before any chart, read from a run's summary files: how the run ended, the message
/// rate and latency (avg, p50, p99 and how many samples they rest on) where the tool measured them (steady state for
/// ConsPerf, after the warm-up its -delaySteadyStateCalc leaves out), and each tool's CPU time per message.
/// Printed by <c>PerfReport -headline</c> (the main job's last lines) and shown first in report.html.
/// </summary>
internal sealed record RunHeadline(string RunName, IReadOnlyList<HeadlineLine> Lines)
{
    private static readonly CultureInfo C = CultureInfo.InvariantCulture;

    // The section a rate and latency come from, best first: ConsPerf's steady state, then any tool's overall figures.
    private static readonly string[] PreferredSections = ["Steady State", "OVERALL SUMMARY / Statistics", "Overall Statistics"];
    private static readonly string[] RateKeys = ["Avg update rate", "Avg. Msg Recv Rate", "Avg. Msg Sent Rate"];

    /// <summary>No figures at all: the report can still be written, but the headline says there is nothing to show.</summary>
    public bool IsEmpty => Lines.Count == 0;

    public static RunHeadline Of(RunFolder run)
    {
        var lines = new List<HeadlineLine>();
        foreach (SummaryFile summary in run.Summaries)
        {
            if (summary.Find("Result") is { Length: > 0 } result)
                lines.Add(new HeadlineLine("Result", $"{result.TrimEnd('.')} ({ToolOf(summary)})"));
            else if (summary.Sections.SelectMany(s => s.Entries).LastOrDefault(e => e.Key.StartsWith("Run ended", StringComparison.Ordinal)) is { Key.Length: > 0 } ended)
                lines.Add(new HeadlineLine("Result", $"{ended.Value.TrimEnd('.')} ({ToolOf(summary)})"));
        }
        if (MeasuredSection(run) is (SummaryFile measured, SummarySection section))
        {
            string where = section.Title.Contains("Steady State", StringComparison.OrdinalIgnoreCase) ? "steady state" : "whole run";
            if (RateKeys.Select(k => Find(section, k)).FirstOrDefault(v => v is not null) is string rate)
                lines.Add(new HeadlineLine("Update rate", $"{Number(rate, "N0")} /s ({where}, {ToolOf(measured)})"));
            lines.Add(new HeadlineLine("Latency", LatencyText(section, where)));
            if (WarmupText(measured) is string warmup)
                lines.Add(new HeadlineLine("Warm-up", warmup));
        }
        var cpu = run.Summaries
            .SelectMany(s => s.Sections.SelectMany(x => x.Entries)
                .Where(e => e.Key.StartsWith("CPU time per ", StringComparison.OrdinalIgnoreCase))
                .Take(1)
                .Select(e => $"{ToolOf(s)} {Number(e.Value, "N0")} ns {WhatPer(e.Key)}"))
            .ToList();
        if (cpu.Count > 0)
            lines.Add(new HeadlineLine("CPU per message", string.Join(", ", cpu)));
        return new RunHeadline(run.Name, lines);
    }

    /// <summary>The headline as text: a title line, then "  Label:  text" lines aligned on the colon.</summary>
    public string Format(string title, params HeadlineLine[] more)
    {
        HeadlineLine[] lines = [.. Lines, .. more];
        int width = lines.Length == 0 ? 0 : lines.Max(l => l.Label.Length) + 1; // a run with no figures has no lines
        var text = new System.Text.StringBuilder(title).Append('\n');
        if (Lines.Count == 0)
            text.Append("  (no summary file with figures in ").Append(RunName).Append(")\n");
        foreach (HeadlineLine line in lines)
            text.Append("  ").Append((line.Label + ":").PadRight(width)).Append("  ").Append(line.Text).Append('\n');
        return text.ToString();
    }

    private static (SummaryFile, SummarySection)? MeasuredSection(RunFolder run)
    {
        foreach (string preferred in PreferredSections)
        {
            foreach (SummaryFile summary in run.Summaries)
            {
                SummarySection? section = summary.Sections.FirstOrDefault(s =>
                    s.Title.Contains(preferred, StringComparison.OrdinalIgnoreCase) && Find(s, "Latency avg (usec)") is not null);
                if (section is not null)
                    return (summary, section);
            }
        }
        return null;
    }

    private static string LatencyText(SummarySection section, string where)
    {
        string Value(string name) => Find(section, $"Latency {name} (usec)") is string v ? Number(v, "0.0") + " µs" : "?";
        string samples = Find(section, "Latency samples") is string n ? $"{Number(n, "N0")} samples" : "samples not counted";
        string p99 = Find(section, "Latency p99 (usec)") is string raw && raw.Contains(" (only", StringComparison.Ordinal)
            ? "; too few for a p99" : "";
        return $"avg {Value("avg")}, p50 {Value("p50")}, p99 {Value("p99")} from {samples} ({where}{p99})";
    }

    // ConsPerf's -delaySteadyStateCalc (TEST INPUTS "Delay Steady State Time", ms): the guide's way to keep a warm-up out.
    private static string? WarmupText(SummaryFile summary) =>
        summary.Find("Delay Steady State Time") is string delay && long.TryParse(delay, C, out long ms)
            ? ms > 0
                ? $"the first {ms.ToString("N0", C)} ms of steady state are left out of latency (-delaySteadyStateCalc {ms.ToString(C)})"
                : "included in latency (-delaySteadyStateCalc 0): the first seconds' JIT and set-up count"
            : null;

    private static string? Find(SummarySection section, string key) =>
        section.Entries.Where(e => e.Key.Equals(key, StringComparison.OrdinalIgnoreCase)).Select(e => (string?)e.Value).FirstOrDefault();

    // "436.0 (only 130 samples; ...)" -> 436.0, formatted; a value that is not a number is shown as it is.
    private static string Number(string value, string format)
    {
        string first = value.Split(' ', 2)[0];
        return double.TryParse(first, NumberStyles.Float, C, out double number) ? number.ToString(format, C) : value;
    }

    // "CPU time per update received (nsec)" -> "per update received"
    private static string WhatPer(string key)
    {
        string what = key["CPU time ".Length..];
        int unit = what.IndexOf(" (", StringComparison.Ordinal);
        return unit > 0 ? what[..unit] : what;
    }

    /// <summary>
    /// The tool that wrote a summary, from the guide's file names (ConsSummary.out: ConsPerf, ...); TransportPerf's
    /// with its role ("TransportPerf client"), since a run usually holds both ends.
    /// </summary>
    public static string ToolOf(SummaryFile summary)
    {
        string name = summary.FileName;
        if (name.StartsWith("Transport", StringComparison.OrdinalIgnoreCase) && summary.Find("App Type") is { Length: > 0 } role)
            return $"TransportPerf {role}";
        if (name.StartsWith("NIProv", StringComparison.OrdinalIgnoreCase)) return "NIProvPerf";
        if (name.StartsWith("Prov", StringComparison.OrdinalIgnoreCase)) return "ProvPerf";
        if (name.StartsWith("Cons", StringComparison.OrdinalIgnoreCase)) return "ConsPerf";
        if (name.StartsWith("Transport", StringComparison.OrdinalIgnoreCase)) return "TransportPerf";
        if (name.StartsWith("Hub", StringComparison.OrdinalIgnoreCase)) return "PerfHub";
        return Path.GetFileNameWithoutExtension(name);
    }
}
