using System.Globalization;
using System.Text;
using HdrHistogram;
using PerfTools.Common.Resources;
using PerfTools.Common.Statistics;

namespace PerfTools.Common.Output;

/// <summary>
/// Builds a summary file's text (guide §2.5.1): the "--- TEST INPUTS ---" block with labels right-aligned on the
/// colon, then "--- OVERALL SUMMARY ---" sections of indented "label: value" lines. The same text goes to the file
/// and to the console.
/// </summary>
public sealed class SummaryBuilder
{
    public const int InputLabelWidth = 23;

    private readonly StringBuilder _text = new();

    public static CultureInfo Culture => CultureInfo.InvariantCulture;

    /// <summary>Indent of statistic lines inside a section.</summary>
    public string Indent { get; init; } = "  ";

    public SummaryBuilder Heading(string heading)
    {
        _text.Append(heading).Append("\n\n");
        return this;
    }

    public SummaryBuilder Blank()
    {
        _text.Append('\n');
        return this;
    }

    /// <summary>A "--- TEST INPUTS ---" line: <c>"               Msg Size: 76"</c>.</summary>
    public SummaryBuilder Input(string label, string value)
    {
        _text.Append(label.PadLeft(InputLabelWidth)).Append(": ").Append(value).Append('\n');
        return this;
    }

    public SummaryBuilder Input(string label, long value) => Input(label, value.ToString(Culture));

    public SummaryBuilder Input(string label, bool value) => Input(label, value ? "Yes" : "No");

    /// <summary>A section title such as "Statistics:" or "Steady State Statistics:".</summary>
    public SummaryBuilder Section(string title)
    {
        _text.Append(title).Append('\n');
        return this;
    }

    /// <summary>An indented statistic: <c>"  Msgs Sent: 17998200"</c>.</summary>
    public SummaryBuilder Stat(string label, string value)
    {
        _text.Append(Indent).Append(label).Append(": ").Append(value).Append('\n');
        return this;
    }

    public SummaryBuilder Stat(string label, long value) => Stat(label, value.ToString(Culture));

    public SummaryBuilder Stat(string label, double value, int decimals) => Stat(label, value.ToString("F" + decimals, Culture));

    /// <summary>A plain indented sentence, e.g. "No GenMsg latency information was received.".</summary>
    public SummaryBuilder Note(string sentence)
    {
        _text.Append(Indent).Append(sentence).Append('\n');
        return this;
    }

    /// <summary>"Output not written in full: ..." for each stats or latency file a write failed on; nothing when none did.</summary>
    public SummaryBuilder Unwritten(IReadOnlyList<string> failures)
    {
        foreach (string failure in failures)
            Note("Output not written in full: " + failure);
        return this;
    }

    /// <summary>
    /// "Latency avg/std dev/max/min (usec)" lines, followed by percentiles from the histogram and the number of
    /// samples they all come from ("Latency samples: 130", beyond the guide like the percentiles).
    /// <paramref name="unitsPerMicrosecond"/> converts recorded values (1 for microseconds, 1000 for nanoseconds).
    /// </summary>
    public SummaryBuilder Latency(string prefix, RunningStatistics stats, HistogramBase histogram, double unitsPerMicrosecond, int decimals)
    {
        Stat($"{prefix} avg (usec)", stats.Mean / unitsPerMicrosecond, decimals);
        Stat($"{prefix} std dev (usec)", stats.StandardDeviation / unitsPerMicrosecond, decimals);
        Stat($"{prefix} max (usec)", stats.Max / unitsPerMicrosecond, decimals);
        Stat($"{prefix} min (usec)", stats.Min / unitsPerMicrosecond, decimals);
        Percentiles(prefix, LatencyPercentiles.Of(histogram, (long)stats.Max), stats.Count, unitsPerMicrosecond, decimals);
        return Stat($"{prefix} samples", stats.Count);
    }

    /// <summary>
    /// "Latency p50/p90/p99/p99.9/p99.99 (usec)" lines. A percentile taken from fewer samples than it needs to mean
    /// anything (p99.9 from fewer than 1,000: it is then the maximum, or nearly) says so after its value:
    /// <c>"  Latency p99.9 (usec): 13800.0 (only 150 samples; p99.9 needs at least 1000)"</c>. The note has no colon,
    /// so scripts that take what follows the label's ": " still find the number first.
    /// </summary>
    public SummaryBuilder Percentiles(string prefix, LatencyPercentiles p, long samples, double unitsPerMicrosecond, int decimals)
    {
        Percentile(prefix, "p50", 50, p.P50, samples, unitsPerMicrosecond, decimals);
        Percentile(prefix, "p90", 90, p.P90, samples, unitsPerMicrosecond, decimals);
        Percentile(prefix, "p99", 99, p.P99, samples, unitsPerMicrosecond, decimals);
        Percentile(prefix, "p99.9", 99.9, p.P999, samples, unitsPerMicrosecond, decimals);
        Percentile(prefix, "p99.99", 99.99, p.P9999, samples, unitsPerMicrosecond, decimals);
        return this;
    }

    /// <summary>Samples a percentile needs before one of them lies above it: 1 / (1 - p), e.g. 1,000 for p99.9.</summary>
    public static long SamplesNeeded(double percentile) => (long)Math.Round(100 / (100 - percentile));

    private void Percentile(string prefix, string name, double percentile, long value, long samples, double unitsPerMicrosecond, int decimals)
    {
        string text = (value / unitsPerMicrosecond).ToString("F" + decimals, Culture);
        long needed = SamplesNeeded(percentile);
        if (samples < needed)
            text += $" (only {samples} sample{(samples == 1 ? "" : "s")}; {name} needs at least {needed})";
        Stat($"{prefix} {name} (usec)", text);
    }

    /// <summary>The "CPU/Memory samples" block.</summary>
    public SummaryBuilder Resources(ResourceStatistics resources, string samplesLabel = "CPU/Memory samples")
    {
        Stat(samplesLabel, resources.SampleCount);
        Stat("CPU Usage max (%)", resources.Cpu.Max, 2);
        Stat("CPU Usage min (%)", resources.Cpu.Min, 2);
        Stat("CPU Usage avg (%)", resources.Cpu.Mean, 2);
        Stat("Memory Usage max (MB)", resources.Memory.Max, 2);
        Stat("Memory Usage min (MB)", resources.Memory.Min, 2);
        Stat("Memory Usage avg (MB)", resources.Memory.Mean, 2);
        return this;
    }

    /// <summary>
    /// "CPU time per update sent (nsec): 812.4": process CPU time over the messages it was spent on (issue 14), a
    /// line beyond the guide's, placed after them so parsers of the guide's lines are not disturbed.
    /// </summary>
    public SummaryBuilder CpuPerMessage(string label, TimeSpan cpuTime, long messages) =>
        Stat(label, messages > 0 ? cpuTime.Ticks * 100.0 / messages : 0.0, 1);

    public override string ToString() => _text.ToString();
}
