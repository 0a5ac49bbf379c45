namespace PerfTools.PerfReport.Input;

/// <summary>
/// Reads a latency log: "Message type, Send time, Receive time, Latency (usec)" (ConsPerf, ProvPerf),
/// "Send Time, Receive Time, Latency(nsec)" (TransportPerf, nanoseconds), or the same rows with no header line.
/// Lines that do not parse (a cut-off last line) are skipped.
/// </summary>
internal static class LatencyLogReader
{
    /// <summary>True when the file's first line is a latency log's header or a latency row.</summary>
    public static bool IsLatencyLog(string firstLine)
    {
        string[] cells = CsvLine.Split(firstLine);
        if (cells.Length is < 3 or > 4)
            return false;
        if (cells[^1].StartsWith("Latency", StringComparison.OrdinalIgnoreCase))
            return true;
        return TryParseRow(cells, out _, out _, out _);
    }

    public static LatencyLog Read(string path, IEnumerable<string> lines)
    {
        var byType = new Dictionary<string, (List<double> Latency, List<double> Receive)>(StringComparer.Ordinal);
        double unitsPerMicro = 1;
        double? firstReceive = null;
        bool first = true;
        foreach (string line in lines)
        {
            string[] cells = CsvLine.Split(line);
            if (first)
            {
                first = false;
                if (cells[^1].StartsWith("Latency", StringComparison.OrdinalIgnoreCase))
                {
                    if (cells[^1].Contains("nsec", StringComparison.OrdinalIgnoreCase))
                        unitsPerMicro = 1000;
                    continue;
                }
            }
            if (!TryParseRow(cells, out string type, out double receive, out double latency))
                continue;
            firstReceive ??= receive;
            if (!byType.TryGetValue(type, out var samples))
                byType[type] = samples = ([], []);
            samples.Latency.Add(latency / unitsPerMicro);
            samples.Receive.Add((receive - firstReceive.Value) / unitsPerMicro / 1e6);
        }
        return new LatencyLog(Path.GetFileNameWithoutExtension(path),
            byType.Select(p => new LatencySamples(p.Key, p.Value.Latency.ToArray(), p.Value.Receive.ToArray())).ToArray());
    }

    private static bool TryParseRow(string[] cells, out string type, out double receive, out double latency)
    {
        int offset = cells.Length == 4 ? 1 : 0;
        type = offset == 1 ? cells[0] : "";
        receive = cells.Length > offset + 1 ? CsvLine.Number(cells[offset + 1]) : double.NaN;
        latency = cells.Length == offset + 3 ? CsvLine.Number(cells[offset + 2]) : double.NaN;
        double send = CsvLine.Number(cells[offset]);
        return cells.Length is 3 or 4 && !double.IsNaN(send) && !double.IsNaN(receive) && !double.IsNaN(latency);
    }
}
