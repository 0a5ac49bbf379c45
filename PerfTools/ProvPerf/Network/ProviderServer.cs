using System.Globalization;
using Eta.Transport;
using PerfTools.ProvPerf.Options;

namespace PerfTools.ProvPerf.Network;

/// <summary>The listening side of ProvPerf: binds with the options' settings and accepts connections.</summary>
internal sealed class ProviderServer : IDisposable
{
    private readonly Server _server;

    private ProviderServer(Server server) => _server = server;

    /// <summary>The port actually bound (useful with -p 0).</summary>
    public int Port => _server.Port;

    /// <summary>Initializes the transport and binds; null with <paramref name="error"/> when that fails.</summary>
    public static ProviderServer? Start(ProvPerfOptions options, out string? error)
    {
        if (!int.TryParse(options.Port, NumberStyles.None, CultureInfo.InvariantCulture, out int port) || port > 65535)
        {
            error = $"-p {options.Port}: not a port number";
            return null;
        }
        // No channel locks: each channel is used by one thread at a time (the main thread hands it over through a
        // concurrent queue and never touches it again), and the server's shared buffer pool locks for itself.
        Transport.Initialize(new InitArgs { GlobalLocking = false });
        var bind = new BindOptions
        {
            Port = port,
            InterfaceName = options.InterfaceName.Length > 0 ? options.InterfaceName : null,
            ConnectionType = options.ConnectionType == ProviderConnectionType.Encrypted ? ConnectionType.Encrypted : ConnectionType.Socket,
            TcpNoDelay = options.TcpNoDelay,
            MaxFragmentSize = options.MaxFragmentSize,
            GuaranteedOutputBuffers = options.OutputBuffers,
            MaxOutputBuffers = Math.Max(options.OutputBuffers, options.MaxOutputBuffers),
            SysSendBufSize = options.SendBufSize,
            SysRecvBufSize = options.RecvBufSize,
            SendTimeoutMs = options.SendTimeoutMs,
            ReceiveTimeoutMs = options.RecvTimeoutMs,
            // The transport's floor of 20 s would override a shorter -pingTimeout: the option is the ceiling and floor.
            PingTimeout = options.PingTimeoutSeconds,
            MinPingTimeout = Math.Min(options.PingTimeoutSeconds, 20),
            CompressionType = options.CompressionType,
            CompressionLevel = options.CompressionLevel,
            // Enforced because the accepting thread (or, with -reactor, each reactor) steps Init on every
            // handshaking channel at least every 100 ms, not only when its socket is readable: a client that
            // sends nothing is closed too.
            InitializationTimeout = options.InitTimeoutSeconds,
            WebSocketProtocols = options.ProtocolList,
            Tls = options.ConnectionType == ProviderConnectionType.Encrypted
                ? new ServerTlsOptions { CertificateFile = options.CertificateFile, PrivateKeyFile = options.KeyFile }
                : null,
        };
        Server? server;
        try
        {
            server = Transport.Bind(bind, out TransportError? bindError);
            error = server is null ? $"ProvPerf: {bindError?.Text}" : null;
        }
        catch (ArgumentException e)
        {
            server = null;
            error = $"ProvPerf: cannot listen on port {options.Port}: {e.Message}";
        }
        if (server is null)
        {
            Transport.Uninitialize();
            return null;
        }
        return new ProviderServer(server);
    }

    /// <summary>
    /// The accepting side for the main thread: with <paramref name="handshake"/> it runs each handshake itself and
    /// hands over active channels only (direct mode); without, it hands over each channel as accepted (reactor mode).
    /// </summary>
    public ChannelAcceptor CreateAcceptor(bool handshake, TextWriter console) => new(_server, handshake, console);

    public void Dispose()
    {
        _server.Close();
        Transport.Uninitialize();
    }
}
