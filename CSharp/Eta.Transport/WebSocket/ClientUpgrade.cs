using Eta.Transport.Handshake;
using Eta.Transport.Io;
using Eta.Transport.Reading;

namespace Eta.Transport.WebSocket;

/// <summary>The client's side of the HTTP upgrade: its request, then the server's answer checked (RFC 6455 section 4.1).</summary>
internal sealed class ClientUpgrade
{
    private readonly ConnectOptions _options;
    private readonly string _key = AcceptKey.NewClientKey();
    private readonly string[] _offered;
    private int _headerLength;

    public ClientUpgrade(ConnectOptions options)
    {
        _options = options;
        _offered = SubProtocols.Parse(options.WebSocketProtocols, out _) ?? [SubProtocols.Rwf];
    }

    /// <summary>The sub-protocol the server chose (once the answer was accepted).</summary>
    public string Protocol { get; private set; } = "";

    public int ProtocolType => SubProtocols.ProtocolTypeOf(Protocol);

    /// <summary>True when the server answered with an HTTP status other than 101 (a refusal).</summary>
    public bool Refused { get; private set; }

    public int WriteRequest(Span<byte> destination)
    {
        byte[] request = Upgrade.Request(_options.Host, _options.Port, _key, _offered);
        request.CopyTo(destination);
        return request.Length;
    }

    /// <summary>
    /// Reads the answer: true once accepted; false with <paramref name="failure"/> null while it is incomplete,
    /// or with the reason the upgrade failed.
    /// </summary>
    public bool TryReadAnswer(InputBuffer input, IChannelStream stream, out string? failure)
    {
        failure = null;
        _headerLength = HttpHeaderBlock.LengthOf(input.Unread);
        if (_headerLength == 0)
        {
            if (input.Count == input.Capacity)
            {
                failure = $"the server's answer exceeds {input.Capacity} bytes without ending its HTTP header";
                return false;
            }
            int read = input.Fill(stream, 0);
            _headerLength = HttpHeaderBlock.LengthOf(input.Unread);
            if (_headerLength == 0)
            {
                if (read < 0)
                    failure = input.Count == 0
                        ? "the server closed the connection without answering the upgrade request (is it a WebSocket-enabled RSSL server?)"
                        : $"the server closed the connection in the middle of its answer (\"{HttpHeaderBlock.Printable(System.Text.Encoding.Latin1.GetString(input.Unread))}\")";
                return false;
            }
        }
        HttpHeaderBlock? answer = HttpHeaderBlock.Parse(input.Unread[.._headerLength], out string parseError);
        if (answer is null)
        {
            failure = "the server's answer is not HTTP: " + parseError;
            return false;
        }
        string? chosen = Upgrade.CheckAnswer(answer, input.Unread[_headerLength..], _key, _offered, out string reason);
        if (chosen is null)
        {
            Refused = !answer.StartLine.Contains(" 101", StringComparison.Ordinal);
            failure = reason;
            return false;
        }
        Protocol = chosen;
        return true;
    }

    /// <summary>The WebSocket stream over <paramref name="stream"/>, taking the bytes that followed the answer.</summary>
    public IChannelStream Wrap(IChannelStream stream, InputBuffer input)
    {
        var webSocket = new WebSocketStream(stream, isClient: true, ProtocolType, _options.WebSocketMaxMessageSize, input.Unread[_headerLength..]);
        input.Consume(input.Count);
        return webSocket;
    }

    /// <summary>A tr_json2 channel's session: what the client asked for (see <see cref="JsonSession"/>).</summary>
    public NegotiatedSession JsonSession(ConnectOptions options) => WebSocket.JsonSession.Create(
        WebSocketDefaults.JsonFragmentSize, options.PingTimeout, options.MajorVersion, options.MinorVersion, Protocol);
}
