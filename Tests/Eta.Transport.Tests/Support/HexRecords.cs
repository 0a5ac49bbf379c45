using System.Text.RegularExpressions;

namespace Eta.Transport.Tests.Support;

/// <summary>
/// Reads LSEG's hex-dump test files the way their NetworkReplay does: a line "XXXX: " followed by up to
/// 48 characters of hex pairs adds bytes to the current record; any other line ends the record. Files
/// without offsets (bare "00 3A 12 ..." lines) are read the same way from the start of the line.
/// Each record is one network read (input files) or one RIPC frame (expected files).
/// </summary>
internal static partial class HexRecords
{
    [GeneratedRegex(@"^\s*\w{4,6}:\s(.{1,48})")]
    private static partial Regex OffsetLine();

    [GeneratedRegex(@"^([0-9A-Fa-f]{2}( |$).{0,46})")]
    private static partial Regex BareLine();

    public static List<byte[]> Read(string path)
    {
        var records = new List<byte[]>();
        var current = new List<byte>();
        string[] lines = File.ReadAllLines(path);
        bool bare = !lines.Any(l => OffsetLine().IsMatch(l)); // files without offsets are hex only, "#" comments
        foreach (string line in lines)
        {
            List<byte> bytes = ParseLine(line, bare);
            if (bytes.Count > 0)
            {
                current.AddRange(bytes);
                continue;
            }
            if (current.Count > 0)
            {
                records.Add([.. current]);
                current.Clear();
            }
        }
        if (current.Count > 0)
            records.Add([.. current]);
        return records;
    }

    /// <summary>Expected messages: each record minus its 3-byte RIPC header (LSEG's parseAndStripRipcHeaders).</summary>
    public static List<byte[]> ReadMessages(string path) =>
        Read(path).Select(r => r.Length >= 3 ? r[3..] : r).ToList();

    private static List<byte> ParseLine(string line, bool bare)
    {
        var bytes = new List<byte>();
        Match m = bare ? BareLine().Match(line) : OffsetLine().Match(line);
        if (!m.Success)
            return bytes;
        string window = m.Groups[1].Value;
        foreach (string token in window.Split(' ', StringSplitOptions.RemoveEmptyEntries))
        {
            if (token.Length != 2 || !byte.TryParse(token, System.Globalization.NumberStyles.HexNumber, null, out byte b))
                break;
            bytes.Add(b);
        }
        return bytes;
    }
}
