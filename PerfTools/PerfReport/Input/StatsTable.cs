namespace PerfTools.PerfReport.Input;

/// <summary>
/// One statistics CSV (guide §2.5.2, §10.2: "UTC, ..." header, one row per stats interval), held as columns of numbers
/// found by header name. Cells that are missing or not numbers (a truncated last line) are NaN.
/// </summary>
internal sealed record StatsTable
{
    private readonly Dictionary<string, double[]> _columns;

    public StatsTable(string label, IReadOnlyList<string> headers, IReadOnlyList<DateTime?> utc, bool utcHasSeconds,
        Dictionary<string, double[]> columnsByNormalizedName)
    {
        Label = label;
        Headers = headers;
        Utc = utc;
        UtcHasSeconds = utcHasSeconds;
        _columns = columnsByNormalizedName;
    }

    /// <summary>The file name without extension, e.g. "ConsStats1": names the series of this file (one per thread).</summary>
    public string Label { get; }

    /// <summary>Column names as written in the header, in file order.</summary>
    public IReadOnlyList<string> Headers { get; }

    /// <summary>Each row's UTC cell; null where it did not parse.</summary>
    public IReadOnlyList<DateTime?> Utc { get; }

    /// <summary>True when every parsed UTC cell has seconds (ConsPerf, TransportPerf); ProvPerf writes minutes only.</summary>
    public bool UtcHasSeconds { get; }

    public int RowCount => Utc.Count;

    /// <summary>Seconds per row (the tool's <c>-writeStatsInterval</c>): turns per-interval counts into rates.</summary>
    public double IntervalSeconds { get; init; } = RunFolderReader.DefaultStatsIntervalSeconds;

    /// <summary>
    /// The real length of each row's interval in seconds: the tools' "Interval (sec)" column where the file has it (a
    /// run's last interval is usually cut short), else <see cref="IntervalSeconds"/> for every row.
    /// </summary>
    public double[] RowSeconds()
    {
        double[]? lengths = Column("Interval (sec)");
        return Enumerable.Range(0, RowCount)
            .Select(i => lengths is not null && i < lengths.Length && lengths[i] > 0 ? lengths[i] : IntervalSeconds).ToArray();
    }

    /// <summary>The column named <paramref name="header"/> (case and spaces ignored), or null when the file has none.</summary>
    public double[]? Column(string header) =>
        _columns.TryGetValue(CsvLine.NormalizeName(header), out double[]? values) ? values : null;
}
