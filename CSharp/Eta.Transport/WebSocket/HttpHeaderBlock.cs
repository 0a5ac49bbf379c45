using System.Text;

namespace Eta.Transport.WebSocket;

/// <summary>
/// The start line and header fields of an HTTP/1.1 message (the upgrade request or its answer), as read off the
/// wire before any WebSocket frame. Field names compare case-insensitively (RFC 7230 section 3.2).
/// </summary>
internal sealed class HttpHeaderBlock
{
    private static ReadOnlySpan<byte> End => "\r\n\r\n"u8;

    private readonly List<KeyValuePair<string, string>> _fields = [];

    private HttpHeaderBlock(string startLine) => StartLine = startLine;

    public string StartLine { get; }

    /// <summary>
    /// The length of the header block at the start of <paramref name="data"/> (its blank line included), or 0 when
    /// the blank line has not arrived yet.
    /// </summary>
    public static int LengthOf(ReadOnlySpan<byte> data)
    {
        int at = data.IndexOf(End);
        return at < 0 ? 0 : at + End.Length;
    }

    /// <summary>Parses a complete block (<see cref="LengthOf"/> bytes); null with the reason when it is not HTTP.</summary>
    public static HttpHeaderBlock? Parse(ReadOnlySpan<byte> block, out string error)
    {
        error = "";
        string text = Encoding.Latin1.GetString(block);
        string[] lines = text.Split("\r\n");
        if (lines.Length == 0 || lines[0].Length == 0)
        {
            error = "empty HTTP start line";
            return null;
        }
        var parsed = new HttpHeaderBlock(lines[0]);
        for (int i = 1; i < lines.Length; i++)
        {
            string line = lines[i];
            if (line.Length == 0)
                continue;
            int colon = line.IndexOf(':');
            if (colon <= 0)
            {
                error = $"malformed HTTP header line \"{Printable(line)}\"";
                return null;
            }
            parsed._fields.Add(new(line[..colon].Trim(), line[(colon + 1)..].Trim()));
        }
        return parsed;
    }

    /// <summary>The first field of that name, or null.</summary>
    public string? this[string name]
    {
        get
        {
            foreach (KeyValuePair<string, string> field in _fields)
            {
                if (string.Equals(field.Key, name, StringComparison.OrdinalIgnoreCase))
                    return field.Value;
            }
            return null;
        }
    }

    /// <summary>True when the field holds <paramref name="token"/> in its comma-separated list (case-insensitive).</summary>
    public bool HasToken(string name, string token)
    {
        string? value = this[name];
        if (value is null)
            return false;
        foreach (string part in value.Split(','))
        {
            if (string.Equals(part.Trim(), token, StringComparison.OrdinalIgnoreCase))
                return true;
        }
        return false;
    }

    /// <summary>Printable ASCII of at most 120 characters, for error texts.</summary>
    public static string Printable(string text)
    {
        var builder = new StringBuilder(Math.Min(text.Length, 120));
        foreach (char c in text.AsSpan(0, Math.Min(text.Length, 120)))
            builder.Append(c is >= ' ' and < (char)0x7F ? c : '?');
        return builder.ToString();
    }
}
