using System.Net;
using System.Net.Sockets;
using Eta.Transport.Io;
using Eta.Transport.Reading;
using Eta.Transport.Ripc;
using Eta.Transport.Wiring;

namespace Eta.Transport.Handshake;

/// <summary>
/// Client side of the RIPC handshake, one non-blocking step per <see cref="Step"/>:
/// TCP connect, stream (TLS) handshake, ConnectReq, ConnectAck/Nak, and for RIPC 14 the ClientKey.
/// When the server drops the connection before replying, the client reconnects with the next older
/// RIPC version (14, 13, 12, then 11 for RWF only), as LSEG clients do; the socket then changes.
/// </summary>
internal sealed class ClientHandshake
{
    private enum Phase { Connecting, ProxyTunnel, StreamHandshake, SendUpgrade, AwaitUpgrade, SendRequest, AwaitReply, SendClientKey }

    private readonly ConnectOptions _options;
    private readonly InputBuffer _input;
    private readonly PendingOutput _output = new();
    private readonly Func<ConnectOptions, Socket>? _reconnect;
    private Phase _phase;
    private RipcVersion _version = RipcVersion.V14;
    private ConnectAck? _ack;
    private Proxy.HttpConnectHandshake? _proxy;
    private WebSocket.ClientUpgrade? _upgrade;
    private string? _webSocketProtocol;

    /// <param name="stream">The stream when the socket is already connected (accepted by tests), else null.</param>
    /// <param name="socket">The socket being connected when <paramref name="stream"/> is null.</param>
    /// <param name="reconnect">Opens a new socket for a version fallback; null disables fallback.</param>
    public ClientHandshake(ConnectOptions options, InputBuffer input, IChannelStream? stream, Socket? socket,
        Func<ConnectOptions, Socket>? reconnect)
    {
        _options = options;
        _input = input;
        _reconnect = reconnect;
        Stream = stream;
        ConnectingSocket = socket;
        _phase = stream is null ? Phase.Connecting : Phase.StreamHandshake;
    }

    public IChannelStream? Stream { get; private set; }

    /// <summary>The socket while the TCP connect is pending (before a stream exists).</summary>
    public Socket? ConnectingSocket { get; private set; }

    public RipcVersion Version => _version;

    /// <summary>
    /// Where the handshake stands, for a caller that gives up on it; it completes "the attempt under way ...". Built
    /// only then.
    /// </summary>
    public string Waiting => _phase switch
    {
        Phase.Connecting => _options.Proxy is { } proxy
            ? $"had no TCP connection to the proxy {proxy.Host}:{proxy.Port} yet (no answer to its connect)"
            : $"had no TCP connection to {_options.Host}:{_options.Port} yet (no answer to its connect: a host that is down, or a firewall that drops packets)",
        Phase.ProxyTunnel when _proxy is { Received: > 0 } answer =>
            $"was waiting for the rest of the proxy's answer to CONNECT ({answer.Received} bytes so far; {answer.AnswerSoFar})",
        Phase.ProxyTunnel => "was waiting for the proxy's answer to CONNECT, and the proxy had sent nothing",
        Phase.StreamHandshake => "was connected and in the TLS handshake, which the server did not finish",
        Phase.SendUpgrade or Phase.AwaitUpgrade => $"was connected and waiting for the server's answer to its WebSocket upgrade request ({_input.Count} bytes of it so far)",
        Phase.SendRequest => "was connected and could not send its ConnectReq: the server read nothing",
        Phase.AwaitReply when _input.Count == 0 => "was connected, and the server had sent nothing in answer to its ConnectReq: does it speak RSSL, and is it too busy to answer?",
        Phase.AwaitReply => $"was connected and had {_input.Count} bytes of the server's answer to its ConnectReq, not all of it",
        _ => "was connected and sending its ClientKey, which the server did not read",
    };

    public NegotiatedSession? Session { get; private set; }

    /// <summary>Drives the handshake; <paramref name="oldSocket"/> is set when a fallback replaced the socket.</summary>
    public HandshakeStep Step(TransportError error, out Socket? oldSocket)
    {
        oldSocket = null;
        try
        {
            return Advance(error, ref oldSocket);
        }
        catch (SocketException e)
        {
            if (_phase is Phase.AwaitReply or Phase.SendRequest && IsDropped(e.SocketErrorCode))
                return FallBack(error, ref oldSocket, e.SocketErrorCode.ToString());
            return Fail(error, $"Init: socket error {e.SocketErrorCode} during the {_phase} phase with {_options.Host}:{_options.Port} ({_version})", e.NativeErrorCode);
        }
        catch (InterfaceUnusableException e) // a version fallback's new socket binds the interface again
        {
            return Fail(error, $"Init: {e.Message}", e.NativeErrorCode);
        }
    }

    private HandshakeStep Advance(TransportError error, ref Socket? oldSocket)
    {
        while (true)
        {
            switch (_phase)
            {
                case Phase.Connecting:
                    if (!ConnectCompleted(error, out bool failed))
                        return failed ? HandshakeStep.Failed : HandshakeStep.InProgress;
                    if (_options.Proxy is { } proxy)
                    {
                        Proxy.ProxyCredentials? credentials = proxy.UserName is null ? null : new(proxy.UserName, proxy.Password ?? "");
                        _proxy = new Proxy.HttpConnectHandshake(ConnectingSocket!, _options.Host, _options.Port, credentials);
                        _phase = Phase.ProxyTunnel;
                        break;
                    }
                    if (OpenStream() is { } streamFailure)
                        return Fail(error, streamFailure);
                    break;
                case Phase.ProxyTunnel:
                    HandshakeProgress tunnel = _proxy!.Continue();
                    if (tunnel == HandshakeProgress.Failed)
                        return Fail(error, $"Init: proxy {_options.Proxy!.Host}:{_options.Proxy.Port} refused the tunnel to {_options.Host}:{_options.Port}: {_proxy.FailureReason}");
                    if (tunnel == HandshakeProgress.InProgress)
                        return HandshakeStep.InProgress;
                    _proxy = null;
                    if (OpenStream() is { } tunnelStreamFailure)
                        return Fail(error, tunnelStreamFailure);
                    break;
                case Phase.StreamHandshake:
                    HandshakeProgress progress = Stream!.ContinueHandshake();
                    if (progress == HandshakeProgress.Failed)
                        return Fail(error, $"Init: TLS handshake with {_options.Host}:{_options.Port} failed: {Stream.FailureReason}");
                    if (progress == HandshakeProgress.InProgress)
                        return HandshakeStep.InProgress;
                    if (_options.IsWebSocket)
                    {
                        _upgrade = new WebSocket.ClientUpgrade(_options);
                        _output.Commit(_upgrade.WriteRequest(_output.Space));
                        _phase = Phase.SendUpgrade;
                        break;
                    }
                    _output.Commit(BuildRequest().Encode(_output.Space));
                    _phase = Phase.SendRequest;
                    break;
                case Phase.SendUpgrade:
                    if (!_output.TrySend(Stream!))
                        return HandshakeStep.InProgress;
                    _phase = Phase.AwaitUpgrade;
                    break;
                case Phase.AwaitUpgrade:
                    HandshakeStep upgraded = AwaitUpgrade(error);
                    if (upgraded != HandshakeStep.InProgress || _phase == Phase.AwaitUpgrade)
                        return upgraded;
                    break;
                case Phase.SendRequest:
                    if (!_output.TrySend(Stream!))
                        return HandshakeStep.InProgress;
                    _phase = Phase.AwaitReply;
                    break;
                case Phase.AwaitReply:
                    return AwaitReply(error, ref oldSocket);
                case Phase.SendClientKey:
                    if (!_output.TrySend(Stream!))
                        return HandshakeStep.InProgress;
                    return Complete();
            }
        }
    }

    /// <summary>Wraps the connected socket in its stream; the failure when the TLS settings' CA file cannot be used.</summary>
    private string? OpenStream()
    {
        try
        {
            Stream = ClientConnector.CreateStream(ConnectingSocket!, _options);
        }
        catch (Exception e) when (StreamFactory.IsFileProblem(e))
        {
            return $"Init: cannot set up TLS with {_options.Host}:{_options.Port}: {e.Message}";
        }
        ConnectingSocket = null;
        _phase = Phase.StreamHandshake;
        return null;
    }

    // The server's answer to the upgrade; then RIPC runs inside the WebSocket (rssl.rwf), or the channel is ready (tr_json2).
    private HandshakeStep AwaitUpgrade(TransportError error)
    {
        WebSocket.ClientUpgrade upgrade = _upgrade!;
        if (!upgrade.TryReadAnswer(_input, Stream!, out string? failure))
        {
            return failure is null ? HandshakeStep.InProgress
                : Fail(error, $"Init: WebSocket upgrade with {_options.Host}:{_options.Port}: {failure}",
                    code: upgrade.Refused ? TransportReturnCode.ChanInitRefused : TransportReturnCode.Failure);
        }
        Stream = upgrade.Wrap(Stream!, _input);
        _upgrade = null;
        _webSocketProtocol = upgrade.Protocol;
        if (upgrade.ProtocolType == WebSocket.SubProtocols.JsonProtocolType)
        {
            Session = upgrade.JsonSession(_options);
            return HandshakeStep.Done;
        }
        _output.Commit(BuildRequest().Encode(_output.Space));
        _phase = Phase.SendRequest;
        return HandshakeStep.InProgress;
    }

    private HandshakeStep AwaitReply(TransportError error, ref Socket? oldSocket)
    {
        int frameLength = _input.PeekFrameLength();
        if (_input.Count < RipcLimits.HeaderLength || _input.Count < frameLength)
        {
            int read = _input.Fill(Stream!, frameLength);
            if (read < 0)
                return FallBack(error, ref oldSocket, "connection closed by the server");
            frameLength = _input.PeekFrameLength();
            if (NotAConnectReply(_input.Unread) is { } notRipc)
                return Fail(error, notRipc);
            if (_input.Count < RipcLimits.HeaderLength || _input.Count < frameLength)
                return HandshakeStep.InProgress;
        }
        if (frameLength < RipcLimits.HeaderLength)
            return Fail(error, $"Init: the server sent a frame declaring {frameLength} bytes instead of a ConnectAck");
        ReadOnlySpan<byte> reply = _input.Unread[..frameLength];
        _ack = ConnectAck.Decode(reply, _version, out TransportReturnCode code, out string text);
        _input.Consume(frameLength);
        if (_ack is null)
            return Fail(error, text, code: code == TransportReturnCode.ChanInitRefused ? code : TransportReturnCode.Failure);
        if (!_version.HasKeyExchange)
            return Complete();
        ulong exponent = KeyExchange.RandomExponent();
        ulong publicKey = KeyExchange.ModPow(_ack.KeyGenerator, exponent, _ack.KeyModulus);
        _output.Commit(ClientKey.Encode(_output.Space, _ack.KeyType, publicKey));
        _phase = Phase.SendClientKey;
        return Advance(error, ref oldSocket);
    }

    /// <summary>
    /// The failure when the first bytes of the reply cannot begin a ConnectAck or ConnectNak (flags with the extended
    /// byte, and that byte saying which); null while they still can. Without it, a server that is not RSSL (an HTTP
    /// server, another protocol) and keeps the connection open leaves the client waiting for a frame length that its
    /// first two bytes made up, until the initialization timeout, with nothing said about why.
    /// </summary>
    private string? NotAConnectReply(ReadOnlySpan<byte> reply)
    {
        if (reply.Length < RipcLimits.HeaderLength)
            return null;
        bool extended = (reply[2] & RipcFlags.HasExtendedFlags) != 0;
        if (extended && reply.Length < RipcLimits.HeaderLength + 1)
            return null;
        if (extended && (reply[3] & (RipcExtendedFlags.ConnectAck | RipcExtendedFlags.ConnectNak)) != 0)
            return null;
        return $"Init: {_options.Host}:{_options.Port} answered the ConnectReq with bytes that do not begin a RIPC ConnectAck "
            + $"({OpeningBytes.Describe(reply)}); is it an RSSL server?";
    }

    private HandshakeStep Complete()
    {
        ConnectAck ack = _ack!;
        Session = new NegotiatedSession
        {
            Version = _version,
            MaxFragmentSize = ack.MaxUserMessageSize,
            PingTimeout = ack.PingTimeout,
            SessionFlags = ack.SessionFlags,
            Compression = ack.Compression,
            CompressionLevel = ack.CompressionLevel,
            ProtocolType = RipcProtocolType,
            MajorVersion = ack.MajorVersion,
            MinorVersion = ack.MinorVersion,
            PeerComponentVersion = ack.ComponentVersion,
            WebSocketProtocol = _webSocketProtocol,
        };
        return HandshakeStep.Done;
    }

    private ConnectRequest BuildRequest()
    {
        string ip = Stream!.Socket.LocalEndPoint is IPEndPoint local ? local.Address.ToString() : "127.0.0.1";
        return new ConnectRequest
        {
            Version = _version,
            Compression = _options.CompressionType,
            PingTimeout = _options.PingTimeout,
            ProtocolType = RipcProtocolType,
            MajorVersion = _options.MajorVersion,
            MinorVersion = _options.MinorVersion,
            HostName = Dns.GetHostName(),
            IpAddress = ip,
            ComponentVersion = _options.ComponentVersion,
        };
    }

    /// <summary>The server dropped the connection: retry with the next older RIPC version on a new socket.</summary>
    /// <summary>
    /// The protocol type of the ConnectReq: the application's, except inside an rssl.rwf WebSocket, where LSEG's
    /// transport sends the sub-protocol's (RWF, 0) whatever the application asked (RTSDK 2.1.2 rwsutils.c,
    /// rwsWaitResponseHandshake: protocolType = wsSess->protocol before ipcConnecting) and its server NAKs any other.
    /// </summary>
    private int RipcProtocolType => _webSocketProtocol is null ? _options.ProtocolType : WebSocket.SubProtocols.RwfProtocolType;

    private HandshakeStep FallBack(TransportError error, ref Socket? oldSocket, string why)
    {
        RipcVersion? older = _version.Older(_options.ProtocolType);
        if (older is null || _reconnect is null)
        {
            string tried = _options.ProtocolType == 0 ? "RIPC 14 down to 11" : "RIPC 14 down to 12 (11 carries only RWF)";
            return Fail(error, $"Init: {_options.Host}:{_options.Port} closed the connection during the handshake ({why}); tried {tried}, no protocol left"
                + (_options.ConnectionType == ConnectionType.Socket ? " (an encrypted server closes a plain client so: is it one?)" : ""));
        }
        oldSocket = Stream!.Socket;
        Stream.Dispose();
        Stream = null;
        _input.Consume(_input.Count);
        _output.Clear();
        _upgrade = null;
        _version = older;
        ConnectingSocket = _reconnect(_options);
        _phase = Phase.Connecting;
        return HandshakeStep.InProgress;
    }

    private bool ConnectCompleted(TransportError error, out bool failed)
    {
        failed = false;
        Socket socket = ConnectingSocket!;
        if (!socket.Poll(0, SelectMode.SelectWrite) && !socket.Poll(0, SelectMode.SelectError))
            return false;
        var code = (SocketError)(int)socket.GetSocketOption(SocketOptionLevel.Socket, SocketOptionName.Error)!;
        if (code == SocketError.Success)
            return true;
        failed = true;
        // SO_ERROR comes back as .NET's Windows-numbered SocketError; SocketException maps it to this OS's errno.
        Fail(error, $"Init: connect to {_options.Host}:{_options.Port} failed: {code}", new SocketException((int)code).NativeErrorCode);
        return false;
    }

    private static bool IsDropped(SocketError code) =>
        code is SocketError.ConnectionReset or SocketError.ConnectionAborted or SocketError.Shutdown;

    private static HandshakeStep Fail(TransportError error, string text, int systemError = 0, TransportReturnCode code = TransportReturnCode.Failure)
    {
        error.Set(code, text, systemError);
        return HandshakeStep.Failed;
    }
}
