using System.Text;

namespace Eta.Transport.Proxy;

/// <summary>
/// The header of a proxy's answer to CONNECT, parsed strictly enough to reject anything that is not HTTP:
/// <code>
///   HTTP/1.1 200 Connection established\r\n
///   Header-Name: value\r\n        (any number, names without spaces)
///   \r\n                          (bare \n line ends are accepted too)
/// </code>
/// </summary>
internal readonly record struct HttpConnectResponse(int StatusCode, string ReasonPhrase)
{
    public bool IsSuccess => StatusCode is >= 200 and <= 299;

    /// <summary>
    /// Length of the header including the blank line that ends it, or -1 if <paramref name="received"/>
    /// does not hold the whole header yet.
    /// </summary>
    public static int HeaderLength(ReadOnlySpan<byte> received)
    {
        int endCrLf = received.IndexOf("\n\r\n"u8);
        int endLf = received.IndexOf("\n\n"u8);
        if (endCrLf < 0)
            return endLf < 0 ? -1 : endLf + 2;
        return endLf < 0 || endCrLf < endLf ? endCrLf + 3 : endLf + 2;
    }

    /// <summary>Parses a complete header (as delimited by <see cref="HeaderLength"/>); false with the reason otherwise.</summary>
    public static bool TryParse(ReadOnlySpan<byte> header, out HttpConnectResponse response, out string error)
    {
        response = default;
        string text = Encoding.Latin1.GetString(header);
        string[] lines = text.Split('\n').Select(line => line.TrimEnd('\r')).ToArray();

        if (!TryParseStatusLine(lines[0], out response))
        {
            error = $"the proxy's answer is not an HTTP response (status line '{Printable(lines[0])}')";
            return false;
        }
        foreach (string line in lines.Skip(1).Where(line => line.Length > 0))
        {
            int colon = line.IndexOf(':');
            if (colon <= 0 || line.AsSpan(0, colon).ContainsAny(' ', '\t'))
            {
                error = $"the proxy's response has a malformed header line '{Printable(line)}'";
                return false;
            }
        }
        error = "";
        return true;
    }

    // "HTTP/1.x SSS[ reason]"
    private static bool TryParseStatusLine(string line, out HttpConnectResponse response)
    {
        bool wellFormed = line.Length >= 12
            && line.StartsWith("HTTP/1.", StringComparison.Ordinal)
            && char.IsAsciiDigit(line[7])
            && line[8] == ' '
            && !line.AsSpan(9, 3).ContainsAnyExceptInRange('0', '9')
            && (line.Length == 12 || line[12] == ' ');
        response = wellFormed
            ? new HttpConnectResponse(int.Parse(line.AsSpan(9, 3)), line.Length > 13 ? line[13..] : "")
            : default;
        return wellFormed;
    }

    /// <summary>Untrusted text made safe and short for an error message.</summary>
    internal static string Printable(string text)
    {
        var printable = new string(text.Select(c => c is >= ' ' and <= '~' ? c : '?').Take(80).ToArray());
        return text.Length > 80 ? printable + "..." : printable;
    }
}
