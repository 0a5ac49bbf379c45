using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Text.RegularExpressions;

namespace Eta.TestSupport;

/// <summary>
/// Reads the hex dumps of LSEG's test files (golden vectors, SocketChannelJunit and RipcHandshakeJunit streams,
/// NetworkReplay captures). A dump line is an optional offset ("0000:"), hex in groups of 2 or 4 digits, then
/// optionally an ASCII rendering after three or more spaces. Lines starting with '#' are comments and are skipped.
/// Any other line (prose, blank) ends the current record: a record is one network read of an input stream, one RIPC
/// frame of an expected file, one message of a capture. Offsets are not used (the stream files number lines
/// 0000, 0001, ... and restart at 0000 inside one network read).
/// </summary>
internal static partial class HexDump
{
    [GeneratedRegex(@"^\s*[0-9A-Fa-f]{4,8}:(.*)$")]
    private static partial Regex OffsetLine();

    [GeneratedRegex(@"\s{3,}")]
    private static partial Regex AsciiColumn();

    /// <summary>The records of a file, in order.</summary>
    public static List<byte[]> Records(string path)
    {
        var records = new List<byte[]>();
        var current = new List<byte>();
        foreach (string line in File.ReadLines(path))
        {
            if (line.TrimStart().StartsWith('#'))
                continue;
            if (TryParse(line, out List<byte>? bytes))
                current.AddRange(bytes);
            else
                EndRecord(records, current);
        }
        EndRecord(records, current);
        return records;
    }

    /// <summary>Every byte of the file: its records one after the other (a golden vector is one record).</summary>
    public static byte[] Bytes(string path) => [.. Records(path).SelectMany(record => record)];

    /// <summary>
    /// A record without its 3-byte RIPC data header, as LSEG's parseAndStripRipcHeaders gives the messages an
    /// expected file lists.
    /// </summary>
    public static List<byte[]> Messages(string path) =>
        [.. Records(path).Select(record => record.Length >= 3 ? record[3..] : record)];

    private static void EndRecord(List<byte[]> records, List<byte> current)
    {
        if (current.Count == 0)
            return;
        records.Add([.. current]);
        current.Clear();
    }

    /// <summary>The bytes of a dump line; false for prose.</summary>
    private static bool TryParse(string line, [NotNullWhen(true)] out List<byte>? bytes)
    {
        bytes = null;
        Match offset = OffsetLine().Match(line);
        bool hasOffset = offset.Success;
        string data = hasOffset ? offset.Groups[1].Value : line;
        string[] tokens = AsciiColumn().Split(data.Trim())[0].Split(' ', StringSplitOptions.RemoveEmptyEntries);
        var parsed = new List<byte>();
        foreach (string token in tokens)
        {
            if (token.Length is not (2 or 4) || !token.All(Uri.IsHexDigit))
            {
                if (!hasOffset)
                    return false; // a bare line must be hex throughout, or it is prose
                break; // an ASCII column that follows the hex closer than three spaces
            }
            for (int i = 0; i < token.Length; i += 2)
                parsed.Add(byte.Parse(token.AsSpan(i, 2), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
        }
        if (parsed.Count == 0)
            return false;
        bytes = parsed;
        return true;
    }
}
