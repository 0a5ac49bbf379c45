using PerfTools.Common.Timing;
using System.Globalization;
using System.Net.Sockets;
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
            // Enforced because every provider thread (and the reactor) steps Init on each handshaking channel
            // once a tick, not only when its socket is readable: a client that sends nothing is closed too.
            InitializationTimeout = options.InitTimeoutSeconds,
            Tls = options.ConnectionType == ProviderConnectionType.Encrypted
                ? new ServerTlsOptions { CertificateFile = options.CertificateFile, PrivateKeyFile = options.KeyFile }
                : null,
        };
        Server? server;
        try
        {
            server = Transport.Bind(bind, out TransportError? bindError);
            error = server is null ? $"Bind failed: {bindError}" : null;
        }
        catch (ArgumentException e)
        {
            server = null;
            error = $"Bind failed: {e.Message}";
        }
        if (server is null)
        {
            Transport.Uninitialize();
            return null;
        }
        return new ProviderServer(server);
    }

    /// <summary>Waits up to <paramref name="wait"/> for a connection; the new (initializing) channel, or null.</summary>
    public Channel? TryAccept(TimeSpan wait, out string? failure)
    {
        failure = null;
        try
        {
            if (!_server.Socket.Poll(PollTimeout.Microseconds(wait), SelectMode.SelectRead))
                return null;
        }
        catch (SocketException e)
        {
            failure = $"Accept wait failed: {e.SocketErrorCode}";
            return null;
        }
        Channel? channel = _server.Accept();
        if (channel is null && _server.Error.Code != TransportReturnCode.ReadWouldBlock)
            failure = $"Accept failed: {_server.Error}";
        return channel;
    }

    public void Dispose()
    {
        _server.Close();
        Transport.Uninitialize();
    }
}
