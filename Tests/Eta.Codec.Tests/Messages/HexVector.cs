using Xunit;

using System.Globalization;

namespace Eta.Codec.Tests.Messages;

/// <summary>
/// Reads the hex dumps of LSEG's test vectors. Lines starting with '#' are comments; a dump line is an optional
/// "0000:" offset, hex bytes in groups of 2 or 4 digits, then (after three spaces) an ASCII column. Any other line
/// is prose and ignored. A line with offset 0000 starts a new record (captures hold several messages).
/// </summary>
internal static class HexVector
{
    public static byte[] Single(params string[] pathParts)
    {
        List<byte[]> records = Records(pathParts);
        Assert.Single(records);
        return records[0];
    }

    public static List<byte[]> Records(params string[] pathParts)
    {
        string path = Eta.TestSupport.ReferenceData.Path(pathParts);
        var records = new List<byte[]>();
        List<byte>? current = null;
        foreach (string rawLine in File.ReadLines(path))
        {
            if (rawLine.StartsWith('#'))
                continue;
            string line = rawLine;
            bool startsRecord = false;
            int colon = line.IndexOf(':');
            if (colon > 0 && colon <= 8 && IsHex(line[..colon].Trim()))
            {
                startsRecord = int.Parse(line[..colon].Trim(), NumberStyles.HexNumber, CultureInfo.InvariantCulture) == 0;
                line = line[(colon + 1)..];
            }
            int ascii = line.IndexOf("   ", StringComparison.Ordinal);
            if (ascii >= 0)
                line = line[..ascii];
            string[] tokens = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            if (tokens.Length == 0 || !tokens.All(t => t.Length is 2 or 4 && IsHex(t)))
                continue;
            if (startsRecord || current is null)
            {
                current = [];
                records.Add([]);
            }
            foreach (string token in tokens)
            {
                for (int i = 0; i < token.Length; i += 2)
                    current.Add(byte.Parse(token.AsSpan(i, 2), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
            }
            records[^1] = [.. current];
        }
        return records;
    }

    /// <summary>
    /// A message of the captured consumer session (NetworkReplay/sample_capture.txt) without its 3-byte RIPC
    /// data header: 1 login refresh, 2 directory refresh, 3 item refresh, 4 item update.
    /// </summary>
    public static byte[] CapturedMessage(int index) => Records("vectors", "NetworkReplay", "sample_capture.txt")[index][3..];

    private static bool IsHex(string text) => text.Length > 0 && text.All(Uri.IsHexDigit);
}
