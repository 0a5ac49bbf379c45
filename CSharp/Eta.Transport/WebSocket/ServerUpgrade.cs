using Eta.Transport.Handshake;
using Eta.Transport.Io;
using Eta.Transport.Reading;

namespace Eta.Transport.WebSocket;

/// <summary>
/// The server's side of the HTTP upgrade, on the port RSSL clients use (LSEG's server tells the two apart by the
/// first bytes: <c>GET</c> opens a WebSocket upgrade). It answers 101 with the first sub-protocol of its list the
/// client offers, or LSEG's <c>HTTP/1.1 400 Bad Request</c> (RTSDK 2.1.2 <c>rwsRejectSession</c>) with the reason, after
/// which the connection closes; a request whose header does not end within the handshake buffer gets 413 as in LSEG's.
/// </summary>
internal static class ServerUpgrade
{
    /// <summary>True when the client's first bytes open an HTTP GET (a WebSocket upgrade request).</summary>
    public static bool IsUpgradeRequest(ReadOnlySpan<byte> start) => start.Length >= 4 && start.StartsWith("GET "u8);

    /// <summary>Outcome of looking at the buffered request.</summary>
    public enum Outcome { Incomplete, Accepted, Refused }

    /// <summary>
    /// Decides on the request buffered in <paramref name="input"/> once its header is complete: the answer goes to
    /// <paramref name="answer"/> (its length in <paramref name="answerLength"/>); on acceptance the request is consumed
    /// and <paramref name="protocol"/> names the sub-protocol.
    /// </summary>
    public static Outcome Decide(InputBuffer input, BindOptions bind, Span<byte> answer, out int answerLength, out string protocol, out string reason)
    {
        answerLength = 0;
        protocol = "";
        reason = "";
        int headerLength = HttpHeaderBlock.LengthOf(input.Unread);
        if (headerLength == 0)
        {
            if (input.Count < input.Capacity)
                return Outcome.Incomplete;
            reason = $"the upgrade request's header exceeds {input.Capacity} bytes";
            answerLength = Write(answer, Upgrade.Refused(413, "Payload Too Large", reason));
            return Outcome.Refused;
        }
        HttpHeaderBlock? request = HttpHeaderBlock.Parse(input.Unread[..headerLength], out string parseError);
        string? chosen = null;
        if (request is null)
            reason = parseError;
        else
            chosen = Upgrade.Evaluate(request, SubProtocols.Parse(bind.WebSocketProtocols, out _) ?? [], out string key, out reason) is { } name
                ? Accept(name, key, answer, out answerLength)
                : null;
        if (chosen is null)
        {
            answerLength = Write(answer, Upgrade.Refused(400, "Bad Request", reason));
            input.Consume(input.Count);
            return Outcome.Refused;
        }
        input.Consume(headerLength);
        protocol = chosen;
        return Outcome.Accepted;
    }

    /// <summary>The WebSocket stream over the accepted connection, taking what the client sent after its request.</summary>
    public static IChannelStream Wrap(IChannelStream stream, InputBuffer input, string protocol, BindOptions bind)
    {
        var webSocket = new WebSocketStream(stream, isClient: false, SubProtocols.ProtocolTypeOf(protocol), bind.WebSocketMaxMessageSize, input.Unread);
        input.Consume(input.Count);
        return webSocket;
    }

    /// <summary>A tr_json2 channel's session: the server's settings (see <see cref="JsonSession"/>).</summary>
    public static NegotiatedSession JsonSession(BindOptions bind, string protocol) => WebSocket.JsonSession.Create(
        bind.MaxFragmentSize, bind.PingTimeout, bind.MajorVersion, bind.MinorVersion, protocol);

    private static string Accept(string protocol, string key, Span<byte> answer, out int answerLength)
    {
        answerLength = Write(answer, Upgrade.Accepted(protocol, key));
        return protocol;
    }

    private static int Write(Span<byte> destination, byte[] bytes)
    {
        int length = Math.Min(bytes.Length, destination.Length);
        bytes.AsSpan(0, length).CopyTo(destination);
        return length;
    }
}
