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
            Tls = _options.ConnectionType == ConnectionChoice.Encrypted
                ? new ServerTlsOptions { CertificateFile = _options.CertificateFile, PrivateKeyFile = _options.KeyFile }
                : null,
        };
        Server? server;
        try
        {
            server = Transport.Bind(bind, out TransportError? error);
            if (server is null)
                throw new TransportSetupException(error?.ToString() ?? "Bind failed");
        }
        catch (Exception e) when (e is ArgumentException or IOException)
        {
            throw new TransportSetupException($"cannot start the server: {e.Message}", e);
        }
        return new Listener(server, this);
    }

    public IPerfChannel? Connect(CancellationToken cancellation, out string? failure)
    {
        var connect = new ConnectOptions
        {
            Host = _options.HostName,
            Port = _options.Port,
            InterfaceName = _options.InterfaceName.Length > 0 ? _options.InterfaceName : null,
            ConnectionType = ConnectionTypeOf(_options.ConnectionType),
            TcpNoDelay = !_options.TcpDelay,
            GuaranteedOutputBuffers = _options.OutputBuffers,
            SysSendBufSize = _options.SendBufSize,
            SysRecvBufSize = _options.RecvBufSize,
            CompressionType = CompressionTypeOf(_options.CompressionType),
            ProtocolType = TestProtocolType,
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

    /// <summary>Drives the handshake to the end (bounded in time), then applies per-channel settings.</summary>
    private IPerfChannel? Activate(Channel channel, string description, CancellationToken cancellation, out string? failure)
    {
        long deadline = Stopwatch.GetTimestamp() + (long)(HandshakeTimeout.TotalSeconds * Stopwatch.Frequency);
        TransportReturnCode code;
        while ((code = channel.Init()) == TransportReturnCode.ChanInitInProgress)
        {
            if (cancellation.IsCancellationRequested || Stopwatch.GetTimestamp() > deadline)
            {
                failure = cancellation.IsCancellationRequested ? "cancelled" : $"handshake not complete after {HandshakeTimeout.TotalSeconds} s";
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

    private static ConnectionType ConnectionTypeOf(ConnectionChoice choice) =>
        choice == ConnectionChoice.Encrypted ? ConnectionType.Encrypted : ConnectionType.Socket;

    private static CompressionType CompressionTypeOf(CompressionChoice choice) => choice switch
    {
        CompressionChoice.Zlib => CompressionType.Zlib,
        CompressionChoice.Lz4 => CompressionType.Lz4,
        _ => CompressionType.None,
    };

    private sealed class Listener(Server server, EtaTransportEndpoints endpoints) : IPerfListener
    {
        public int Port => server.Port;

        public IPerfChannel? Accept(TimeSpan wait, CancellationToken cancellation, out string? failure)
        {
            failure = null;
            try
            {
                if (!server.Socket.Poll((int)wait.TotalMicroseconds, SelectMode.SelectRead))
                    return null;
            }
            catch (SocketException e)
            {
                failure = $"listening socket error {e.SocketErrorCode}";
                return null;
            }
            Channel? channel = server.Accept();
            if (channel is null)
            {
                if (server.Error.Code != TransportReturnCode.ReadWouldBlock)
                    failure = server.Error.ToString();
                return null;
            }
            string peer = channel.Socket.RemoteEndPoint?.ToString() ?? "client";
            return endpoints.Activate(channel, peer, cancellation, out failure);
        }

        public void Dispose() => server.Close();
    }
}
