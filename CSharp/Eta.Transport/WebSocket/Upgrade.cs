using System.Text;

namespace Eta.Transport.WebSocket;

/// <summary>
/// The HTTP upgrade that opens a WebSocket connection (RFC 6455 section 4), as LSEG's transport writes and checks it
/// (RTSDK 2.1.2 <c>rwsutils.c</c>: <c>rwsSendOpeningHandshake</c>, <c>rwsReadOpeningHandshake</c>,
/// <c>rwsSendResponseHandshake</c>, <c>rwsReadResponseHandshake</c>, <c>rwsRejectSession</c>).
/// </summary>
internal static class Upgrade
{
    /// <summary>The request path LSEG's server requires (it answers 400 to any other).</summary>
    public const string Path = "/WebSocket";

    /// <summary>The client's request, its header fields in LSEG's order.</summary>
    public static byte[] Request(string host, int port, string key, IReadOnlyList<string> protocols) =>
        Encoding.ASCII.GetBytes(
            $"GET {Path} HTTP/1.1\r\n" +
            "Upgrade: websocket\r\n" +
            "Connection: keep-alive, Upgrade\r\n" +
            $"Host: {host}:{port}\r\n" +
            $"Sec-WebSocket-Key: {key}\r\n" +
            "Sec-WebSocket-Version: 13\r\n" +
            $"Sec-WebSocket-Protocol: {string.Join(", ", protocols)}\r\n" +
            "User-Agent: Eta.Transport\r\n\r\n");

    /// <summary>The server's acceptance.</summary>
    public static byte[] Accepted(string protocol, string clientKey) =>
        Encoding.ASCII.GetBytes(
            "HTTP/1.1 101 Switching Protocols\r\n" +
            "Upgrade: websocket\r\n" +
            "Connection: Upgrade\r\n" +
            $"Sec-WebSocket-Protocol: {protocol}\r\n" +
            $"Sec-WebSocket-Accept: {AcceptKey.For(clientKey)}\r\n\r\n");

    /// <summary>
    /// The server's refusal: LSEG's status line and fields (<c>rwsRejectSession</c>), with the reason as a plain-text
    /// body so that a person (or curl) sees why; LSEG's client reads only the status.
    /// </summary>
    public static byte[] Refused(int status, string statusText, string reason)
    {
        string body = reason + "\r\n";
        return Encoding.ASCII.GetBytes(
            $"HTTP/1.1 {status} {statusText}\r\n" +
            "Content-Type: text/plain; charset=UTF-8\r\n" +
            "Connection: close\r\n" +
            $"Content-Length: {body.Length}\r\n\r\n" + body);
    }

    /// <summary>
    /// Checks a client's request against the server's sub-protocol list: the chosen sub-protocol, or null with the
    /// reason (the server then answers 400 and closes).
    /// </summary>
    public static string? Evaluate(HttpHeaderBlock request, IReadOnlyList<string> serverProtocols, out string clientKey, out string reason)
    {
        clientKey = request["Sec-WebSocket-Key"] ?? "";
        reason = "";
        string[] start = request.StartLine.Split(' ');
        if (start.Length < 3 || start[0] != "GET" || !start[1].StartsWith(Path, StringComparison.OrdinalIgnoreCase))
            reason = $"the request \"{HttpHeaderBlock.Printable(request.StartLine)}\" is not a GET of {Path}";
        else if (!request.HasToken("Upgrade", "websocket"))
            reason = "the request has no \"Upgrade: websocket\" field";
        else if (!request.HasToken("Connection", "Upgrade"))
            reason = "the request's Connection field does not hold \"Upgrade\"";
        else if (clientKey.Length == 0)
            reason = "the request has no Sec-WebSocket-Key";
        else if (request["Sec-WebSocket-Version"] != "13")
            reason = $"WebSocket version {request["Sec-WebSocket-Version"] ?? "(none)"} is not supported (13 is)";
        else if (serverProtocols.Count == 0)
            reason = "this server accepts no WebSocket sub-protocol (its protocol list is empty)";
        else
        {
            string? offered = request["Sec-WebSocket-Protocol"];
            string? chosen = SubProtocols.Choose(serverProtocols, offered);
            if (chosen is not null)
                return chosen;
            reason = $"none of the client's sub-protocols ({(string.IsNullOrEmpty(offered) ? "none offered" : HttpHeaderBlock.Printable(offered))}) " +
                     $"is in the server's list ({string.Join(", ", serverProtocols)})";
        }
        return null;
    }

    /// <summary>
    /// Checks the server's answer to our request: the sub-protocol it chose, or null with the reason (a refusal's
    /// status line and body, a wrong accept key, a sub-protocol we did not offer).
    /// </summary>
    public static string? CheckAnswer(HttpHeaderBlock answer, ReadOnlySpan<byte> body, string clientKey, IReadOnlyList<string> offered, out string reason)
    {
        reason = "";
        string[] start = answer.StartLine.Split(' ', 3);
        if (start.Length < 2 || !start[0].StartsWith("HTTP/", StringComparison.Ordinal) || start[1] != "101")
        {
            string text = body.IsEmpty ? "" : ": " + HttpHeaderBlock.Printable(Encoding.Latin1.GetString(body).Trim());
            reason = $"the server refused the WebSocket upgrade with \"{HttpHeaderBlock.Printable(answer.StartLine)}\"{text}";
            return null;
        }
        if (answer["Sec-WebSocket-Accept"] != AcceptKey.For(clientKey))
        {
            reason = $"the server's Sec-WebSocket-Accept \"{answer["Sec-WebSocket-Accept"] ?? "(none)"}\" does not answer our key";
            return null;
        }
        string? chosen = answer["Sec-WebSocket-Protocol"];
        foreach (string name in offered)
        {
            if (string.Equals(name, chosen, StringComparison.Ordinal))
                return name;
        }
        reason = $"the server chose sub-protocol \"{chosen ?? "(none)"}\", which we did not offer ({string.Join(", ", offered)})";
        return null;
    }
}
