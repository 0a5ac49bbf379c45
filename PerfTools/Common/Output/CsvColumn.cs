namespace PerfTools.Common.Output;

/// <summary>
/// One column of a statistics CSV: its header text and how a row's cell is formatted.
/// Each tool declares its column set as data (a list of these); the writer is shared.
/// </summary>
public sealed record CsvColumn<TRow>(string Header, Func<TRow, string> Format);
