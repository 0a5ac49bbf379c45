namespace Eta.Transport;

/// <summary>How a client channel connects. Immutable; defaults are ETA's. Checked by <see cref="Validate"/>.</summary>
public sealed record ConnectOptions
{
    public string Host { get; init; } = "localhost";
    public int Port { get; init; } = 14002;
    /// <summary>Local address (IP or host name) to bind before connecting; null binds any.</summary>
    public string? InterfaceName { get; init; }
    public ConnectionType ConnectionType { get; init; } = ConnectionType.Socket;
    /// <summary>
    /// True: <see cref="Transport.Connect"/> runs the whole handshake and returns an active channel, and the channel
    /// blocks (see <see cref="Channel.Blocking"/>).
    /// </summary>
    public bool Blocking { get; init; }
    /// <summary>True disables Nagle's algorithm (TCP_NODELAY); the tools' -tcpDelay sets false.</summary>
    public bool TcpNoDelay { get; init; } = true;
    public int GuaranteedOutputBuffers { get; init; } = 50;
    public int NumInputBuffers { get; init; } = 10;
    /// <summary>TCP send buffer size; 0 means 65535.</summary>
    public int SysSendBufSize { get; init; }
    /// <summary>TCP receive buffer size; 0 means 65535.</summary>
    public int SysRecvBufSize { get; init; }
    /// <summary>Longest wait of a blocking channel's flush, in milliseconds; 0 for none.</summary>
    public int SendTimeoutMs { get; init; }
    /// <summary>Longest wait of a blocking channel's read, in milliseconds; 0 for none.</summary>
    public int ReceiveTimeoutMs { get; init; }
    /// <summary>Requested ping timeout in seconds; the server may lower it.</summary>
    public int PingTimeout { get; init; } = 60;
    public CompressionType CompressionType { get; init; } = CompressionType.None;
    /// <summary>Wire protocol carried over RIPC: 0 is RWF.</summary>
    public int ProtocolType { get; init; }
    public int MajorVersion { get; init; } = 14;
    public int MinorVersion { get; init; } = 1;
    /// <summary>Product version string sent in the handshake (RIPC 13 and later).</summary>
    public string ComponentVersion { get; init; } = Transport.DefaultComponentVersion;
    /// <summary>Seconds the handshake may take before Init fails.</summary>
    public int InitializationTimeout { get; init; } = 60;
    public ProxyOptions? Proxy { get; init; }
    public ClientTlsOptions? Tls { get; init; }

    /// <summary>
    /// What runs inside TLS when <see cref="ConnectionType"/> is Encrypted: <see cref="ConnectionType.Socket"/> (RIPC,
    /// the default) or <see cref="ConnectionType.WebSocket"/> (LSEG's <c>encryptionOpts.encryptedProtocol</c>).
    /// </summary>
    public ConnectionType EncryptedProtocol { get; init; } = ConnectionType.Socket;

    /// <summary>
    /// WebSocket sub-protocols to offer, in order of preference, comma or white space delimited (LSEG's
    /// <c>wsOpts.protocols</c>, the tools' <c>-pl</c>): <c>rssl.rwf</c> (RWF in binary frames, the default) and/or
    /// <c>tr_json2</c> (JSON text; <see cref="Channel.ProtocolType"/> tells which the server chose).
    /// </summary>
    public string WebSocketProtocols { get; init; } = WebSocket.SubProtocols.Rwf;

    /// <summary>Largest WebSocket frame or JSON message accepted (LSEG's <c>wsOpts.maxMsgSize</c>, 61440 by default); larger closes with 1009.</summary>
    public int WebSocketMaxMessageSize { get; init; } = WebSocketDefaults.MaxMessageSize;

    /// <summary>True for a WebSocket connection, plain or inside TLS.</summary>
    public bool IsWebSocket => ConnectionType == ConnectionType.WebSocket
        || (ConnectionType == ConnectionType.Encrypted && EncryptedProtocol == ConnectionType.WebSocket);
    /// <summary>Any object the application wants to find again on the channel.</summary>
    public object? UserSpecObject { get; init; }

    /// <summary>Tests only: input buffer size in bytes instead of NumInputBuffers x fragment size.</summary>
    internal int InputBufferCapacityOverride { get; init; }

    /// <summary>Throws <see cref="ArgumentException"/> naming the first invalid option.</summary>
    public void Validate()
    {
        if (string.IsNullOrWhiteSpace(Host))
            throw new ArgumentException("Host is empty.", nameof(Host));
        OptionChecks.InRange(Port, 1, 65535, nameof(Port));
        OptionChecks.Defined(ConnectionType, nameof(ConnectionType));
        OptionChecks.Defined(CompressionType, nameof(CompressionType));
        OptionChecks.InRange(GuaranteedOutputBuffers, 1, OptionLimits.MaxOutputBuffers, nameof(GuaranteedOutputBuffers));
        OptionChecks.InRange(NumInputBuffers, 1, OptionLimits.MaxInputBuffers, nameof(NumInputBuffers));
        OptionChecks.SocketSettings(SysSendBufSize, SysRecvBufSize, SendTimeoutMs, ReceiveTimeoutMs);
        OptionChecks.InRange(PingTimeout, 1, OptionLimits.MaxPingTimeout, nameof(PingTimeout));
        OptionChecks.Handshake(ProtocolType, MajorVersion, MinorVersion, InitializationTimeout, ComponentVersion);
        Proxy?.Validate();
        if (EncryptedProtocol is not (ConnectionType.Socket or ConnectionType.WebSocket))
            throw new ArgumentException($"EncryptedProtocol {EncryptedProtocol} is not supported (Socket or WebSocket).", nameof(EncryptedProtocol));
        if (IsWebSocket)
        {
            string[]? protocols = WebSocket.SubProtocols.Parse(WebSocketProtocols, out string error);
            if (protocols is null)
                throw new ArgumentException(error, nameof(WebSocketProtocols));
            if (protocols.Length == 0)
                throw new ArgumentException("A WebSocket connection needs at least one sub-protocol (rssl.rwf or tr_json2).", nameof(WebSocketProtocols));
            OptionChecks.InRange(WebSocketMaxMessageSize, WebSocketDefaults.MinMessageSize, int.MaxValue, nameof(WebSocketMaxMessageSize));
        }
    }
}
