using System.Globalization;
using Eta.TestSupport;

namespace Eta.Transport.Tests.Compression;

/// <summary>
/// Reads the hex dumps of LSEG's SocketChannelJunit vectors. Two layouts exist:
/// files starting with '#' hold one bare dump ("00 4A 04 78 ...   ascii"), the others are session logs
/// whose received bytes sit between "-- begin read" and "-- end read" lines ("0000: 00 40 01 ...   ascii").
/// </summary>
internal static class SocketDump
{
    private const int HexColumnWidth = 49; // 16 bytes "xx " plus the extra space after the 8th

    public static string PathOf(string fileName) => ReferenceData.Path("vectors", "SocketChannelJunit", fileName);

    /// <summary>All bytes the file shows as received, reads concatenated in order.</summary>
    public static byte[] ReceivedBytes(string fileName)
    {
        string[] lines = File.ReadAllLines(PathOf(fileName));
        bool bareDump = lines.Length > 0 && lines[0].StartsWith('#');
        var bytes = new List<byte>();
        bool inRead = bareDump;
        foreach (string line in lines)
        {
            if (line.Contains("-- begin read", StringComparison.Ordinal))
                inRead = true;
            else if (line.Contains("-- end read", StringComparison.Ordinal))
                inRead = false;
            else if (inRead && !line.StartsWith('#'))
                AppendHexColumn(line, bytes);
        }
        return bytes.ToArray();
    }

    private static void AppendHexColumn(string line, List<byte> bytes)
    {
        int colon = line.IndexOf(": ", StringComparison.Ordinal);
        string rest = colon == 4 ? line[6..] : line;
        string hex = rest.Length > HexColumnWidth ? rest[..HexColumnWidth] : rest;
        foreach (string token in hex.Split(' ', StringSplitOptions.RemoveEmptyEntries))
        {
            if (token.Length != 2 || !byte.TryParse(token, NumberStyles.HexNumber, CultureInfo.InvariantCulture, out byte value))
                break;
            bytes.Add(value);
        }
    }
}
