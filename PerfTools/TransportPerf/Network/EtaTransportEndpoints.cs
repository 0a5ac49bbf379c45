using System.Diagnostics;
using System.Net.Sockets;
using Eta.Transport;
using PerfTools.TransportPerf.Options;

namespace PerfTools.TransportPerf.Network;

/// <summary>Server and client endpoints on our RSSL transport (Eta.Transport), configured from Table 5's options.</summary>
internal sealed class EtaTransportEndpoints : ITransportEndpoints, IDisposable
{
    /// <summary>Protocol type TransportPerf announces in the RIPC handshake (not RWF: opaque test content, as LSEG's tool).</summary>
    public const int TestProtocolType = 88;

    private static readonly TimeSpan HandshakeTimeout = TimeSpan.FromSeconds(15);

    private readonly TransportPerfOptions _options;

    public EtaTransportEndpoints(TransportPerfOptions options)
    {
        _options = options;
        // No channel locks: each channel is used by one thread at a time (the main thread hands it over through a
        // concurrent queue and never touches it again), and the server's shared buffer pool locks for itself.
        Transport.Initialize(new InitArgs { GlobalLocking = false });
    }

    /// <summary>Balances the Initialize of the constructor.</summary>
    public void Dispose() => Transport.Uninitialize();

    public IPerfListener Listen()
    {
        var bind = new BindOptions
        {
            Port = _options.Port,
            InterfaceName = _options.InterfaceName.Length > 0 ? _options.InterfaceName : null,
            ConnectionType = ConnectionTypeOf(_options.ConnectionType),
            TcpNoDelay = !_options.TcpDelay,
            MaxFragmentSize = _options.MaxFragmentSize,
            GuaranteedOutputBuffers = _options.OutputBuffers,
            MaxOutputBuffers = _options.OutputBuffers,
            SysSendBufSize = _options.SendBufSize,
            SysRecvBufSize = _options.RecvBufSize,
            CompressionType = CompressionTypeOf(_options.CompressionType),
            CompressionLevel = _options.CompressionLevel,
            ProtocolType = TestProtocolType,
            InitializationTimeout = (int)HandshakeTimeout.TotalSeconds,
            WebSocketProtocols = _options.ProtocolList,
            // The transport's floor of 20 s would override a shorter -pingTimeout: the option is the ceiling and floor.
            PingTimeout = _options.PingTimeoutSeconds,
            MinPingTimeout = Math.Min(_options.PingTimeoutSeconds, 20),
            Tls = _options.ConnectionType == ConnectionChoice.Encrypted
                ? new ServerTlsOptions { CertificateFile = _options.CertificateFile, PrivateKeyFile = _options.KeyFile }
                : null,
        };
        Server? server;
        try
        {
            server = Transport.Bind(bind, out TransportError? error);
            if (server is null)
                throw new TransportSetupException(error?.Text ?? $"cannot listen on port {_options.Port}");
        }
        catch (Exception e) when (e is ArgumentException or IOException)
        {
            throw new TransportSetupException($"cannot start the server: {e.Message}", e);
        }
        return new Listener(server, this);
    }

    public string? Unfinished { get; private set; }

    public IPerfChannel? Connect(CancellationToken cancellation, out string? failure)
    {
        Unfinished = null;
        var connect = new ConnectOptions
        {
            Host = _options.HostName,
            Port = _options.Port,
            InterfaceName = _options.InterfaceName.Length > 0 ? _options.InterfaceName : null,
            ConnectionType = ConnectionTypeOf(_options.ConnectionType),
            EncryptedProtocol = _options.EncryptedConnectionType == ConnectionChoice.WebSocket ? ConnectionType.WebSocket : ConnectionType.Socket,
            WebSocketProtocols = _options.UsesWebSocket ? _options.ProtocolList : Eta.Transport.WebSocket.SubProtocols.Rwf,
            TcpNoDelay = !_options.TcpDelay,
            GuaranteedOutputBuffers = _options.OutputBuffers,
            SysSendBufSize = _options.SendBufSize,
            SysRecvBufSize = _options.RecvBufSize,
            CompressionType = CompressionTypeOf(_options.CompressionType),
            ProtocolType = TestProtocolType,
            PingTimeout = _options.PingTimeoutSeconds,
            Proxy = _options.UseProxy
                ? new ProxyOptions
                {
                    Host = _options.ProxyHost, Port = int.Parse(_options.ProxyPort, System.Globalization.CultureInfo.InvariantCulture),
                    UserName = _options.ProxyLogin.Length > 0 ? _options.ProxyLogin : null,
                    Password = _options.ProxyPassword.Length > 0 ? _options.ProxyPassword : null,
                }
                : null,
            Tls = _options.ConnectionType == ConnectionChoice.Encrypted
                ? new ClientTlsOptions { TrustedCaFile = _options.CaFile.Length > 0 ? _options.CaFile : null }
                : null,
        };
        Channel? channel;
        try
        {
            channel = Transport.Connect(connect, out TransportError? error);
            if (channel is null)
            {
                failure = error?.ToString() ?? "Connect failed";
                return null;
            }
        }
        catch (ArgumentException e)
        {
            failure = e.Message;
            return null;
        }
        return Activate(channel, $"{_options.HostName}:{_options.Port}", cancellation, out failure);
    }

    /// <summary>Drives a client's handshake to the end (bounded in time), then applies per-channel settings.</summary>
    private IPerfChannel? Activate(Channel channel, string description, CancellationToken cancellation, out string? failure)
    {
        long deadline = Stopwatch.GetTimestamp() + (long)(HandshakeTimeout.TotalSeconds * Stopwatch.Frequency);
        TransportReturnCode code;
        while ((code = channel.Init()) == TransportReturnCode.ChanInitInProgress)
        {
            if (cancellation.IsCancellationRequested || Stopwatch.GetTimestamp() > deadline)
            {
                Unfinished = channel.PendingHandshake;
                failure = cancellation.IsCancellationRequested ? "cancelled"
                    : $"handshake not complete after {HandshakeTimeout.TotalSeconds} s" + (Unfinished is { } where ? $": the attempt {where}" : "");
                channel.Close();
                return null;
            }
            try
            {
                channel.Socket.Poll(10_000, SelectMode.SelectRead);
            }
            catch (SocketException)
            {
                // Init reports the failure on its next call.
            }
        }
        if (code != TransportReturnCode.Success)
        {
            failure = channel.Error.ToString();
            channel.Close();
            return null;
        }
        return Ready(channel, description, out failure);
    }

    /// <summary>A channel whose handshake completed: applies the per-channel settings; null (channel closed) when one fails.</summary>
    private IPerfChannel? Ready(Channel channel, string description, out string? failure)
    {
        if (_options.HighWaterMark > 0 && channel.IOCtl(IOCtlCode.HighWaterMark, _options.HighWaterMark) != TransportReturnCode.Success)
        {
            failure = channel.Error.ToString();
            channel.Close();
            return null;
        }
        int negotiatedFragment = channel.Info?.MaxFragmentSize ?? _options.MaxFragmentSize;
        if (_options.Packing && _options.PackedBufferSize > negotiatedFragment)
        {
            failure = $"the negotiated max fragment size {negotiatedFragment} is too small for packing buffers of {_options.PackedBufferSize} bytes";
            channel.Close();
            return null;
        }
        failure = null;
        return new EtaPerfChannel(channel, description);
    }

    private static ConnectionType ConnectionTypeOf(ConnectionChoice choice) => choice switch
    {
        ConnectionChoice.Encrypted => ConnectionType.Encrypted,
        ConnectionChoice.WebSocket => ConnectionType.WebSocket,
        _ => ConnectionType.Socket,
    };

    private static CompressionType CompressionTypeOf(CompressionChoice choice) => choice switch
    {
        CompressionChoice.Zlib => CompressionType.Zlib,
        CompressionChoice.Lz4 => CompressionType.Lz4,
        _ => CompressionType.None,
    };

    /// <summary>
    /// The server: accepts clients and steps every handshake in progress on each <see cref="Accept"/> call, so a
    /// client that stalls mid-handshake never holds up the next one; the transport fails a handshake that outlasts
    /// the bind's InitializationTimeout on its next Init, and Accept reports it.
    /// </summary>
    private sealed class Listener(Server server, EtaTransportEndpoints endpoints) : IPerfListener
    {
        private readonly List<(Channel Channel, string Peer)> _handshaking = [];
        private readonly List<Socket> _waitList = [];

        public int Port => server.Port;

        public IPerfChannel? Accept(TimeSpan wait, CancellationToken cancellation, out string? failure)
        {
            failure = null;
            _waitList.Clear();
            _waitList.Add(server.Socket);
            foreach ((Channel channel, _) in _handshaking)
                _waitList.Add(channel.Socket);
            try
            {
                Socket.Select(_waitList, null, null, (int)wait.TotalMicroseconds);
            }
            catch (SocketException e)
            {
                failure = $"listening socket error {e.SocketErrorCode}";
                return null;
            }
            if (_waitList.Contains(server.Socket) && !TryAccept(out failure))
                return null;
            return StepHandshakes(out failure);
        }

        private bool TryAccept(out string? failure)
        {
            failure = null;
            Channel? channel = server.Accept();
            if (channel is null)
            {
                if (server.Error.Code != TransportReturnCode.ReadWouldBlock)
                    failure = server.Error.ToString();
                return failure is null;
            }
            _handshaking.Add((channel, channel.Socket.RemoteEndPoint?.ToString() ?? "client"));
            return true;
        }

        // One Init per handshake in progress (even without input, so that the time limit is checked); returns the
        // first that completed or failed; the others go on at the next call.
        private IPerfChannel? StepHandshakes(out string? failure)
        {
            failure = null;
            for (int i = 0; i < _handshaking.Count; i++)
            {
                (Channel channel, string peer) = _handshaking[i];
                TransportReturnCode code = channel.Init();
                if (code == TransportReturnCode.ChanInitInProgress)
                    continue;
                _handshaking.RemoveAt(i);
                if (code == TransportReturnCode.Success)
                    return endpoints.Ready(channel, peer, out failure);
                failure = $"{peer}: {channel.Error}";
                channel.Close();
                return null;
            }
            return null;
        }

        public void Dispose()
        {
            foreach ((Channel channel, _) in _handshaking)
                channel.Close();
            _handshaking.Clear();
            server.Close();
        }
    }
}
