using System.Globalization;

namespace PerfTools.Common.Statistics;

/// <summary>Which figure of a latency interval a column shows.</summary>
public enum LatencyField
{
    Count,
    Mean,
    StandardDeviation,
    Max,
    Min,
}

/// <summary>
/// One column of a statistics CSV as data: its header and which figure of a thread's interval it shows, in which
/// .NET format (invariant culture). Cells are formatted as UTF-8 straight into the row's buffer, so writing a row
/// allocates nothing.
/// </summary>
public sealed class StatsColumn
{
    private enum Kind { Utc, Count, Total, Rate, Text, Latency, Cpu, Memory, Length }

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    private readonly Kind _kind;
    private readonly int _index;
    private readonly string? _format;
    private readonly LatencyField _field;
    private readonly double _divisor;
    private readonly byte[]? _text;

    private StatsColumn(string header, Kind kind, int index = 0, string? format = null, LatencyField field = default,
        double divisor = 1, string? text = null)
    {
        Header = header;
        _kind = kind;
        _index = index;
        _format = format;
        _field = field;
        _divisor = divisor;
        _text = text is null ? null : System.Text.Encoding.ASCII.GetBytes(text);
    }

    public string Header { get; }

    /// <summary>The interval's UTC time, e.g. "yyyy-MM-dd HH:mm:ss".</summary>
    public static StatsColumn Utc(string header, string format) => new(header, Kind.Utc, format: format);

    /// <summary>How much counter <paramref name="counter"/> grew during the interval.</summary>
    public static StatsColumn Count(string header, int counter) => new(header, Kind.Count, counter);

    /// <summary>
    /// Counter <paramref name="counter"/>'s value at the end of the interval: for a gauge (cached items, connections)
    /// rather than a running total.
    /// </summary>
    public static StatsColumn Total(string header, int counter) => new(header, Kind.Total, counter);

    /// <summary>Counter <paramref name="counter"/>'s growth per second of the interval.</summary>
    public static StatsColumn Rate(string header, int counter, string format) => new(header, Kind.Rate, counter, format);

    /// <summary>The same text on every row.</summary>
    public static StatsColumn Text(string header, string text) => new(header, Kind.Text, text: text);

    /// <summary>
    /// A figure of latency stream <paramref name="stream"/> over the interval, divided by <paramref name="divisor"/>
    /// (e.g. 1000 for nanoseconds shown as microseconds); the count ignores format and divisor.
    /// </summary>
    public static StatsColumn Latency(string header, int stream, LatencyField field, string format = "0.0", double divisor = 1) =>
        new(header, Kind.Latency, stream, format, field, divisor);

    /// <summary>The guide's CPU % of the process over the interval.</summary>
    public static StatsColumn Cpu(string header, string format) => new(header, Kind.Cpu, format: format);

    /// <summary>
    /// The interval's real length in seconds, to the millisecond: the last interval of a run is usually cut short, and a
    /// count per interval is only a rate once divided by this.
    /// </summary>
    public static StatsColumn IntervalLength(string header) => new(header, Kind.Length, format: "0.000");

    /// <summary>The process's peak memory in MB.</summary>
    public static StatsColumn Memory(string header, string format) => new(header, Kind.Memory, format: format);

    /// <summary>Writes this column's cell for <paramref name="figures"/>; false when it does not fit.</summary>
    public bool TryWrite(IntervalFigures figures, Span<byte> destination, out int written)
    {
        switch (_kind)
        {
            case Kind.Utc:
                return figures.Utc.TryFormat(destination, out written, _format, Invariant);
            case Kind.Count:
                return figures.Count(_index).TryFormat(destination, out written, default, Invariant);
            case Kind.Total:
                return figures.Total(_index).TryFormat(destination, out written, default, Invariant);
            case Kind.Rate:
                double rate = figures.Seconds > 0 ? figures.Count(_index) / figures.Seconds : 0;
                return rate.TryFormat(destination, out written, _format, Invariant);
            case Kind.Text:
                written = _text!.Length;
                return _text.AsSpan().TryCopyTo(destination);
            case Kind.Latency:
                RunningStatistics latency = figures.Latency(_index);
                if (_field == LatencyField.Count)
                    return latency.Count.TryFormat(destination, out written, default, Invariant);
                double value = _field switch
                {
                    LatencyField.Mean => latency.Mean,
                    LatencyField.StandardDeviation => latency.StandardDeviation,
                    LatencyField.Max => latency.Max,
                    _ => latency.Min,
                };
                return (value / _divisor).TryFormat(destination, out written, _format, Invariant);
            case Kind.Cpu:
                return figures.Resources.CpuPercent.TryFormat(destination, out written, _format, Invariant);
            case Kind.Length:
                return figures.Seconds.TryFormat(destination, out written, _format, Invariant);
            default:
                return figures.Resources.MemoryMegabytes.TryFormat(destination, out written, _format, Invariant);
        }
    }
}
