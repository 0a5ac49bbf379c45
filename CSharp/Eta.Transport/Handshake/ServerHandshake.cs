using Eta.Transport.Io;
using Eta.Transport.Reading;
using Eta.Transport.Ripc;

namespace Eta.Transport.Handshake;

/// <summary>
/// Server side of the RIPC handshake for one accepted connection: (TLS,) read the ConnectReq, negotiate,
/// send a ConnectAck (or a ConnectNak), and for RIPC 14 read the client's ClientKey. A ConnectReq of an
/// unknown version makes the server drop the connection so that the client falls back, as LSEG servers do.
/// A client that opens with an HTTP request (LSEG's HTTP tunnelling) gets an HTTP 501 saying why, then is closed.
/// Reused: a server lends one per accepted connection from its <see cref="ServerHandshakePool"/> (with its input
/// and output buffers), so a stream of clients that never finish the handshake allocates no buffers.
/// </summary>
internal sealed class ServerHandshake
{
    private enum Phase { StreamHandshake, AwaitRequest, AwaitUpgrade, SendUpgradeReply, SendReply, AwaitClientKey }

    private readonly PendingOutput _output = new();
    private BindOptions _bind = null!;
    private IChannelStream _stream = null!;
    private bool _nakMount;
    private Phase _phase;
    private bool _refused;
    private bool _expectClientKey;
    private string? _webSocketProtocol;

    public ServerHandshake(int inputSize) => Input = new InputBuffer(inputSize);

    /// <summary>What the client sent; the bytes left after the handshake are the channel's first input.</summary>
    public InputBuffer Input { get; }

    public NegotiatedSession? Session { get; private set; }

    /// <summary>The stream the channel continues on: the accepted one, or the WebSocket over it after an upgrade.</summary>
    public IChannelStream Stream => _stream;

    /// <summary>Starts over for a new connection.</summary>
    public void Begin(BindOptions bind, bool nakMount, IChannelStream stream)
    {
        _bind = bind;
        _nakMount = nakMount;
        _stream = stream;
        _phase = Phase.StreamHandshake;
        _refused = false;
        _expectClientKey = false;
        _webSocketProtocol = null;
        RefusalReason = "";
        Session = null;
        _output.Clear();
        Input.Clear();
    }

    /// <summary>Drops the connection's references so a pooled handshake keeps nothing of it alive.</summary>
    public void End()
    {
        _stream = null!;
        Session = null;
    }

    /// <summary>Where the handshake stands, for the error of a channel that ran out of time (": ..."; built only then).</summary>
    public string Waiting => _phase switch
    {
        Phase.StreamHandshake => ": the client did not finish the TLS handshake", // a plain stream leaves this phase on the first step
        Phase.AwaitRequest when Input.Count == 0 => ": the client sent nothing (the server waited for its ConnectReq)",
        Phase.AwaitRequest => $": the client sent {Input.Count} bytes of a ConnectReq and stopped",
        Phase.AwaitUpgrade => $": the client sent {Input.Count} bytes of a WebSocket upgrade request and stopped",
        Phase.SendUpgradeReply or Phase.SendReply => ": the client did not read the server's reply (ConnectAck, upgrade answer or refusal)",
        _ when Input.Count == 0 => ": the client did not answer the key exchange (the server waited for its ClientKey)",
        _ => $": the client sent {Input.Count} bytes of its ClientKey and stopped",
    };

    public HandshakeStep Step(TransportError error)
    {
        while (true)
        {
            switch (_phase)
            {
                case Phase.StreamHandshake:
                    HandshakeProgress progress = _stream.ContinueHandshake();
                    if (progress == HandshakeProgress.Failed)
                        return Fail(error, "Init: " + (TlsOpening.NotTls(_stream.Opening) ?? $"TLS handshake with the client failed: {_stream.FailureReason}"));
                    if (progress == HandshakeProgress.InProgress)
                        return HandshakeStep.InProgress;
                    _phase = Phase.AwaitRequest;
                    break;
                case Phase.AwaitRequest:
                    if (_webSocketProtocol is null && Input.Count < HttpTunnelRefusal.PrefixLength && Input.Fill(_stream, 0) < 0)
                        return Fail(error, "Init: the client closed the connection while the server waited for its ConnectReq");
                    if (_webSocketProtocol is null && WebSocket.ServerUpgrade.IsUpgradeRequest(Input.Unread))
                    {
                        _phase = Phase.AwaitUpgrade;
                        break;
                    }
                    if (!TryTakeFrame(error, "ConnectReq", out int length, out HandshakeStep waiting))
                    {
                        // The frame reader may have read the request's first bytes itself (the check above found none
                        // buffered yet): an upgrade request is not HTTP tunnelling.
                        if (waiting == HandshakeStep.InProgress && _webSocketProtocol is null
                            && WebSocket.ServerUpgrade.IsUpgradeRequest(Input.Unread))
                        {
                            _phase = Phase.AwaitUpgrade;
                            break;
                        }
                        if (waiting == HandshakeStep.InProgress && RefuseHttp())
                            break;
                        if (waiting == HandshakeStep.InProgress && _webSocketProtocol is null && TlsOpening.IsClientHello(Input.Unread))
                            return Fail(error, "Init: " + TlsOpening.Reason);
                        return waiting;
                    }
                    if (RefuseHttp())
                        break;
                    HandshakeStep decided = OnRequest(Input.Unread[..length], error);
                    Input.Consume(length);
                    if (decided != HandshakeStep.InProgress)
                        return decided;
                    _phase = Phase.SendReply;
                    break;
                case Phase.AwaitUpgrade:
                    HandshakeStep upgrade = StepUpgrade(error);
                    if (upgrade != HandshakeStep.InProgress || _phase == Phase.AwaitUpgrade)
                        return upgrade;
                    break;
                case Phase.SendUpgradeReply:
                    if (!_output.TrySend(_stream))
                        return HandshakeStep.InProgress;
                    _stream = WebSocket.ServerUpgrade.Wrap(_stream, Input, _webSocketProtocol!, _bind);
                    if (WebSocket.SubProtocols.ProtocolTypeOf(_webSocketProtocol!) == WebSocket.SubProtocols.JsonProtocolType)
                    {
                        Session = WebSocket.ServerUpgrade.JsonSession(_bind, _webSocketProtocol!);
                        return HandshakeStep.Done;
                    }
                    _phase = Phase.AwaitRequest;
                    break;
                case Phase.SendReply:
                    if (!_output.TrySend(_stream))
                        return HandshakeStep.InProgress;
                    if (_refused)
                        return Fail(error, $"Init: refused the client with {RefusalReason}", TransportReturnCode.ChanInitRefused);
                    if (!_expectClientKey)
                        return HandshakeStep.Done;
                    _phase = Phase.AwaitClientKey;
                    break;
                case Phase.AwaitClientKey:
                    if (!TryTakeFrame(error, "ClientKey", out int keyLength, out HandshakeStep pending))
                        return pending;
                    bool valid = ClientKey.Validate(Input.Unread[..keyLength], out string keyError);
                    Input.Consume(keyLength);
                    return valid ? HandshakeStep.Done : Fail(error, "Init: " + keyError);
            }
        }
    }

    private string RefusalReason { get; set; } = "";

    // A WebSocket upgrade request: once its header is in, answer 101 (then RIPC or JSON runs inside) or 400 and close.
    private HandshakeStep StepUpgrade(TransportError error)
    {
        WebSocket.ServerUpgrade.Outcome outcome = WebSocket.ServerUpgrade.Decide(Input, _bind, _output.Space, out int answerLength, out string protocol, out string reason);
        if (outcome == WebSocket.ServerUpgrade.Outcome.Incomplete)
        {
            if (Input.Fill(_stream, 0) < 0)
                return Fail(error, "Init: the client closed the connection in the middle of its WebSocket upgrade request");
            outcome = WebSocket.ServerUpgrade.Decide(Input, _bind, _output.Space, out answerLength, out protocol, out reason);
            if (outcome == WebSocket.ServerUpgrade.Outcome.Incomplete)
                return HandshakeStep.InProgress;
        }
        _output.Commit(answerLength);
        if (outcome == WebSocket.ServerUpgrade.Outcome.Refused)
        {
            RefusalReason = "an HTTP error to its WebSocket upgrade: " + reason;
            _refused = true;
            _phase = Phase.SendReply;
            return HandshakeStep.InProgress;
        }
        _webSocketProtocol = protocol;
        _phase = Phase.SendUpgradeReply;
        return HandshakeStep.InProgress;
    }

    // An HTTP request where the ConnectReq should be: queue the 501 answer and go on to send it, then fail.
    private bool RefuseHttp()
    {
        ReadOnlySpan<byte> start = Input.Unread;
        if (!HttpTunnelRefusal.IsHttpRequest(start))
            return false;
        RefusalReason = $"an HTTP 501 (the client opened with \"{OpeningBytes.FirstLine(start)}\"): {HttpTunnelRefusal.Reason}";
        Input.Consume(start.Length);
        _refused = true;
        _output.Commit(HttpTunnelRefusal.WriteResponse(_output.Space));
        _phase = Phase.SendReply;
        return true;
    }

    private HandshakeStep OnRequest(ReadOnlySpan<byte> message, TransportError error)
    {
        RipcVersion? version = ConnectRequest.PeekVersion(message);
        if (version is null)
        {
            uint raw = message.Length >= 7 ? System.Buffers.Binary.BinaryPrimitives.ReadUInt32BigEndian(message[3..]) : 0;
            return Fail(error, $"Init: the client asked for unsupported RIPC connection version 0x{raw:X} (or sent garbage); connection dropped so it can fall back");
        }
        ConnectRequest? request = ConnectRequest.Decode(message, version, out string decodeError);
        if (request is null)
            return Fail(error, "Init: " + decodeError);

        // Inside an rssl.rwf WebSocket the protocol type is the sub-protocol's (RWF), as LSEG's server holds it
        // (rwsutils.c rwsValidateWebSocketRequest: protocolType = wsSess->protocol), whatever the server was bound with.
        int expected = _webSocketProtocol is null ? _bind.ProtocolType : WebSocket.SubProtocols.RwfProtocolType;
        if (_nakMount || request.ProtocolType != expected)
        {
            RefusalReason = "a ConnectNak (" + (_nakMount ? "the server was told to refuse (NakMount)"
                : $"protocol type {request.ProtocolType} does not match the server's {expected}") + ")";
            _refused = true;
            _output.Commit(ConnectNak.Encode(_output.Space));
            return HandshakeStep.InProgress;
        }

        CompressionType compression = Negotiate(request.Compression);
        int pingTimeout = Math.Max(_bind.MinPingTimeout, Math.Min(request.PingTimeout, _bind.PingTimeout));
        int sessionFlags = (_bind.ServerToClientPings ? NegotiatedSession.ServerToClientPings : 0)
                         | (_bind.ClientToServerPings ? NegotiatedSession.ClientToServerPings : 0);
        _expectClientKey = request.KeyExchange;
        ulong modulus = 0, generator = 0, publicKey = 0;
        if (_expectClientKey)
        {
            modulus = KeyExchange.RandomModulus();
            generator = 5;
            publicKey = KeyExchange.ModPow(generator, KeyExchange.RandomExponent(), modulus);
        }
        var ack = new ConnectAck
        {
            Version = version,
            ForceCompression = _bind.ForceCompression && compression != CompressionType.None,
            MaxUserMessageSize = _bind.MaxFragmentSize,
            SessionFlags = sessionFlags,
            PingTimeout = pingTimeout,
            MajorVersion = _bind.MajorVersion,
            MinorVersion = _bind.MinorVersion,
            Compression = compression,
            CompressionLevel = compression == CompressionType.None ? 0 : _bind.CompressionLevel,
            KeyType = KeyExchange.Type64,
            KeyModulus = modulus,
            KeyGenerator = generator,
            ServerPublicKey = publicKey,
            ComponentVersion = _bind.ComponentVersion,
        };
        _output.Commit(ack.Encode(_output.Space, includeKeyExchange: _expectClientKey));
        Session = new NegotiatedSession
        {
            Version = version,
            MaxFragmentSize = _bind.MaxFragmentSize,
            PingTimeout = pingTimeout,
            SessionFlags = sessionFlags,
            Compression = compression,
            CompressionLevel = ack.CompressionLevel,
            ProtocolType = request.ProtocolType,
            MajorVersion = _bind.MajorVersion,
            MinorVersion = _bind.MinorVersion,
            PeerComponentVersion = request.ComponentVersion,
            WebSocketProtocol = _webSocketProtocol,
        };
        return HandshakeStep.InProgress;
    }

    /// <summary>The server's type when the client offers it, or when the server forces compression.</summary>
    private CompressionType Negotiate(CompressionType offered)
    {
        if (_bind.CompressionType == CompressionType.None)
            return CompressionType.None;
        return _bind.ForceCompression || offered == _bind.CompressionType ? _bind.CompressionType : CompressionType.None;
    }

    private bool TryTakeFrame(TransportError error, string what, out int length, out HandshakeStep step)
    {
        length = Input.PeekFrameLength();
        if (Input.Count < 2 || Input.Count < length)
        {
            int read = Input.Fill(_stream, length);
            if (read < 0)
            {
                step = Fail(error, $"Init: the client closed the connection while the server waited for its {what}");
                return false;
            }
            length = Input.PeekFrameLength();
        }
        if (Input.Count >= 2 && length < RipcLimits.HeaderLength)
        {
            step = Fail(error, $"Init: the client sent a frame declaring {length} bytes instead of a {what} (garbage)");
            return false;
        }
        if (Input.Count < 2 || Input.Count < length)
        {
            step = HandshakeStep.InProgress;
            return false;
        }
        step = HandshakeStep.InProgress;
        return true;
    }

    private static HandshakeStep Fail(TransportError error, string text, TransportReturnCode code = TransportReturnCode.Failure)
    {
        error.Set(code, text);
        return HandshakeStep.Failed;
    }
}
