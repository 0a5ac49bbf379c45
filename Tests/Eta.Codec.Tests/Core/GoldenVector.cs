using System.Globalization;
using System.Text.RegularExpressions;
using Eta.TestSupport;

namespace Eta.Codec.Tests.Core;

/// <summary>
/// Reads the bytes of an LSEG golden vector file: '#' lines are comments; each data line holds hex (in groups of
/// 2 or 4 digits) optionally followed, after 3 or more spaces, by an ASCII rendering that is ignored.
/// </summary>
internal static partial class GoldenVector
{
    public static byte[] Load(string fileName)
    {
        string path = ReferenceData.Path("vectors", "RsslEncodersJunit", fileName);
        var bytes = new List<byte>();
        foreach (string line in File.ReadLines(path))
        {
            if (line.TrimStart().StartsWith('#') || string.IsNullOrWhiteSpace(line))
                continue;
            string hex = AsciiColumn().Split(line.Trim())[0].Replace(" ", "");
            for (int i = 0; i + 1 < hex.Length; i += 2)
                bytes.Add(byte.Parse(hex.AsSpan(i, 2), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
        }
        return bytes.ToArray();
    }

    [GeneratedRegex(@"\s{3,}")]
    private static partial Regex AsciiColumn();
}
