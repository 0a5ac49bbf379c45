using System.Text;

namespace Eta.Transport.Handshake;

/// <summary>
/// Recognises a client that opens with an HTTP request instead of a RIPC ConnectReq: LSEG's Java clients in their
/// HTTP-tunnelling connection types start with <c>POST / HTTP/1.1</c>, whose first two bytes ("PO") would
/// otherwise read as a 20,559-byte frame the server waits for until the client gives up. We do not tunnel RSSL
/// over HTTP, so the server answers with an HTTP error the client can show, then closes.
/// </summary>
internal static class HttpTunnelRefusal
{
    // Enough of each method to tell it from a RIPC frame header (whose first two bytes are a small length).
    private static ReadOnlySpan<byte> Post => "POST "u8;
    private static ReadOnlySpan<byte> Get => "GET "u8;
    private static ReadOnlySpan<byte> Put => "PUT "u8;
    private static ReadOnlySpan<byte> Connect => "CONNECT "u8;

    /// <summary>Bytes needed before <see cref="IsHttpRequest"/> can answer.</summary>
    public const int PrefixLength = 4;

    /// <summary>The explanation given on both ends.</summary>
    public const string Reason =
        "HTTP tunnelling is not supported by this RSSL server; connect with a socket (or encrypted socket) connection type";

    /// <summary>True when <paramref name="start"/> (at least <see cref="PrefixLength"/> bytes) opens an HTTP request.</summary>
    public static bool IsHttpRequest(ReadOnlySpan<byte> start) =>
        StartsWith(start, Post) || StartsWith(start, Get) || StartsWith(start, Put) || StartsWith(start, Connect);

    /// <summary>Writes the HTTP 501 answer into <paramref name="destination"/>; returns its length.</summary>
    public static int WriteResponse(Span<byte> destination)
    {
        string body = Reason + ".\r\n";
        string response = "HTTP/1.1 501 Not Implemented\r\nContent-Type: text/plain\r\nConnection: close\r\n"
            + $"Content-Length: {body.Length}\r\n\r\n{body}";
        return Encoding.ASCII.GetBytes(response, destination);
    }

    // A prefix shorter than the method (a short first read) only has to agree so far; PrefixLength bytes decide.
    private static bool StartsWith(ReadOnlySpan<byte> start, ReadOnlySpan<byte> method) =>
        start.Length >= PrefixLength && method.StartsWith(start[..Math.Min(start.Length, method.Length)]);
}
