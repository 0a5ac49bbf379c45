namespace Eta.Transport;

/// <summary>How a server listens and what it offers its channels. Immutable; defaults are ETA's.</summary>
public sealed record BindOptions
{
    /// <summary>Listening port; 0 picks a free one (see <see cref="Server.Port"/>).</summary>
    public int Port { get; init; } = 14002;
    /// <summary>Local address (IP or host name) to listen on; null listens on all interfaces.</summary>
    public string? InterfaceName { get; init; }
    public ConnectionType ConnectionType { get; init; } = ConnectionType.Socket;
    /// <summary>True: <see cref="Server.Accept"/> waits for a connection.</summary>
    public bool ServerBlocking { get; init; }
    /// <summary>True: accepted channels run the handshake inside Accept, come back active, and block (see <see cref="Channel.Blocking"/>).</summary>
    public bool ChannelsBlocking { get; init; }
    public bool TcpNoDelay { get; init; } = true;
    /// <summary>Largest message sent in one frame; offered to clients as the max user message size.</summary>
    public int MaxFragmentSize { get; init; } = 6144;
    public int GuaranteedOutputBuffers { get; init; } = 50;
    /// <summary>Most output buffers one channel may hold, guaranteed plus borrowed from the shared pool.</summary>
    public int MaxOutputBuffers { get; init; } = 50;
    /// <summary>Buffers in the pool shared by all channels of this server; 0 means no shared pool.</summary>
    public int SharedPoolSize { get; init; }
    public int NumInputBuffers { get; init; } = 10;
    public int SysSendBufSize { get; init; }
    public int SysRecvBufSize { get; init; }
    public int SendTimeoutMs { get; init; }
    public int ReceiveTimeoutMs { get; init; }
    /// <summary>Ping timeout in seconds offered to clients (the lower of both is used).</summary>
    public int PingTimeout { get; init; } = 60;
    /// <summary>
    /// Lowest ping timeout the server accepts (a client asking for less gets this). Unset, it is 20 s (LSEG's
    /// default) or <see cref="PingTimeout"/> when that is lower, so a server offering 3 s needs nothing else.
    /// </summary>
    public int MinPingTimeout
    {
        get => _minPingTimeout ?? Math.Min(DefaultMinPingTimeout, PingTimeout);
        init => _minPingTimeout = value;
    }

    private const int DefaultMinPingTimeout = 20;
    private readonly int? _minPingTimeout;
    public bool ServerToClientPings { get; init; } = true;
    public bool ClientToServerPings { get; init; } = true;
    public CompressionType CompressionType { get; init; } = CompressionType.None;
    /// <summary>Compression level 0-9 (zlib) sent to clients in the ConnectAck.</summary>
    public int CompressionLevel { get; init; } = 6;
    /// <summary>True: compress toward clients even when they did not ask for it.</summary>
    public bool ForceCompression { get; init; }
    public int ProtocolType { get; init; }
    public int MajorVersion { get; init; } = 14;
    public int MinorVersion { get; init; } = 1;
    public string ComponentVersion { get; init; } = Transport.DefaultComponentVersion;
    /// <summary>
    /// Seconds an accepted channel's handshake may take (60, the default of LSEG's reactor accept options; LSEG's
    /// transport itself has none). Checked by <see cref="Channel.Init"/>: a server must call Init on every
    /// initializing channel now and then, not only when its socket is readable, or a client that sends nothing is
    /// never closed. <see cref="AcceptOptions.InitializationTimeout"/> overrides it per channel.
    /// </summary>
    public int InitializationTimeout { get; init; } = 60;
    public ServerTlsOptions? Tls { get; init; }

    /// <summary>
    /// WebSocket sub-protocols the server accepts on its port, in order of preference, comma or white space delimited
    /// (LSEG's <c>wsOpts.protocols</c>, ProvPerf's <c>-pl</c>; e.g. <c>"tr_json2 rssl.rwf"</c>). A client's HTTP
    /// upgrade gets the first of them it offers. Null or empty, as in LSEG's server without a list: every upgrade is
    /// answered <c>HTTP/1.1 400 Bad Request</c> and closed.
    /// </summary>
    public string? WebSocketProtocols { get; init; }

    /// <summary>Largest WebSocket frame or JSON message accepted (61440 by default, LSEG's); larger closes with 1009.</summary>
    public int WebSocketMaxMessageSize { get; init; } = WebSocketDefaults.MaxMessageSize;
    public object? UserSpecObject { get; init; }

    /// <summary>Throws <see cref="ArgumentException"/> naming the first invalid option.</summary>
    public void Validate()
    {
        OptionChecks.InRange(Port, 0, 65535, nameof(Port));
        OptionChecks.Defined(ConnectionType, nameof(ConnectionType));
        OptionChecks.Defined(CompressionType, nameof(CompressionType));
        OptionChecks.InRange(MaxFragmentSize, OptionLimits.MinFragmentSize, OptionLimits.MaxFragmentSize, nameof(MaxFragmentSize));
        OptionChecks.InRange(GuaranteedOutputBuffers, 1, OptionLimits.MaxOutputBuffers, nameof(GuaranteedOutputBuffers));
        OptionChecks.InRange(MaxOutputBuffers, 1, OptionLimits.MaxOutputBuffers, nameof(MaxOutputBuffers));
        OptionChecks.InRange(SharedPoolSize, 0, OptionLimits.MaxSharedPoolSize, nameof(SharedPoolSize));
        OptionChecks.InRange(NumInputBuffers, 1, OptionLimits.MaxInputBuffers, nameof(NumInputBuffers));
        OptionChecks.SocketSettings(SysSendBufSize, SysRecvBufSize, SendTimeoutMs, ReceiveTimeoutMs);
        OptionChecks.InRange(PingTimeout, 1, OptionLimits.MaxPingTimeout, nameof(PingTimeout));
        OptionChecks.InRange(MinPingTimeout, 1, PingTimeout, nameof(MinPingTimeout));
        OptionChecks.InRange(CompressionLevel, 0, OptionLimits.MaxCompressionLevel, nameof(CompressionLevel));
        OptionChecks.Handshake(ProtocolType, MajorVersion, MinorVersion, InitializationTimeout, ComponentVersion);
        if (WebSocket.SubProtocols.Parse(WebSocketProtocols, out string protocolError) is null)
            throw new ArgumentException(protocolError, nameof(WebSocketProtocols));
        OptionChecks.InRange(WebSocketMaxMessageSize, WebSocketDefaults.MinMessageSize, int.MaxValue, nameof(WebSocketMaxMessageSize));
        if (ConnectionType == ConnectionType.Encrypted)
        {
            if (Tls is null)
                throw new ArgumentException("An encrypted server needs Tls (certificate and key files).", nameof(Tls));
            Tls.Validate();
        }
    }
}
