namespace PerfTools.Common.Statistics;

/// <summary>
/// What a tool's statistics are made of, as data: its counters (each a running total a thread keeps, read without
/// locks), its latency streams, and the columns of its stats file. The order of <see cref="Counters"/> and
/// <see cref="Latencies"/> gives the indexes columns and reports use (tools name them with an enum).
/// </summary>
public sealed class StatsLayout<TThread>
{
    public StatsLayout(IReadOnlyList<Func<TThread, long>> counters, IReadOnlyList<LatencyStream<TThread>> latencies,
        IReadOnlyList<StatsColumn> columns)
    {
        Counters = counters;
        Latencies = latencies;
        Columns = columns;
    }

    public IReadOnlyList<Func<TThread, long>> Counters { get; }

    public IReadOnlyList<LatencyStream<TThread>> Latencies { get; }

    public IReadOnlyList<StatsColumn> Columns { get; }

    /// <summary>The stats file's header line: the column names joined by ", ".</summary>
    public string HeaderLine => string.Join(", ", Columns.Select(c => c.Header));
}
