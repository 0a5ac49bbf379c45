using System.Text;

namespace Eta.Transport.Handshake;

/// <summary>
/// How the first bytes a peer sent are shown in a handshake error, when they are not what RIPC (or TLS) expects
/// there: text (an HTTP line, a banner) as its first line, anything else as its first bytes in hex.
/// </summary>
internal static class OpeningBytes
{
    private const int ShownBytes = 16;
    private const int ShownCharacters = 80;

    /// <summary>"first bytes 0A1B..." or "they read as text: "..."", from at most the first 16 bytes' look.</summary>
    public static string Describe(ReadOnlySpan<byte> start)
    {
        ReadOnlySpan<byte> head = start[..Math.Min(start.Length, ShownBytes)];
        foreach (byte b in head)
        {
            if (b is not (>= 0x20 and < 0x7F or (byte)'\r' or (byte)'\n'))
                return $"first bytes {Convert.ToHexString(head)}";
        }
        return $"they read as text: \"{FirstLine(start)}\"";
    }

    /// <summary>The first line of <paramref name="start"/>, printable ASCII only, at most 80 characters.</summary>
    public static string FirstLine(ReadOnlySpan<byte> start)
    {
        int end = start.IndexOfAny((byte)'\r', (byte)'\n');
        ReadOnlySpan<byte> line = start[..Math.Min(end < 0 ? start.Length : end, ShownCharacters)];
        var text = new StringBuilder(line.Length);
        foreach (byte b in line)
            text.Append(b is >= 0x20 and < 0x7F ? (char)b : '?');
        return text.ToString();
    }
}
