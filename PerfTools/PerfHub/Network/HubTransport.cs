using Eta.Transport;
using PerfTools.PerfHub.Options;

namespace PerfTools.PerfHub.Network;

/// <summary>The transport settings the hub's servers and its upstream connection share, from the options.</summary>
internal static class HubTransport
{
    /// <summary>Binds one of the hub's two servers; null with <paramref name="error"/> when that fails.</summary>
    public static Server? Bind(PerfHubOptions options, int port, out string? error)
    {
        var bind = new BindOptions
        {
            Port = port,
            InterfaceName = options.InterfaceName.Length > 0 ? options.InterfaceName : null,
            ConnectionType = options.Encrypted ? ConnectionType.Encrypted : ConnectionType.Socket,
            TcpNoDelay = options.TcpNoDelay,
            MaxFragmentSize = options.MaxFragmentSize,
            GuaranteedOutputBuffers = options.OutputBuffers,
            MaxOutputBuffers = Math.Max(options.OutputBuffers, options.MaxOutputBuffers),
            SysSendBufSize = options.SendBufSize,
            SysRecvBufSize = options.RecvBufSize,
            CompressionType = options.CompressionType,
            CompressionLevel = options.CompressionLevel,
            // The transport's floor of 20 s would override a shorter -pingTimeout: the option is the ceiling and floor.
            PingTimeout = options.PingTimeoutSeconds,
            MinPingTimeout = Math.Min(options.PingTimeoutSeconds, 20),
            Tls = options.Encrypted
                ? new ServerTlsOptions { CertificateFile = options.CertificateFile, PrivateKeyFile = options.KeyFile }
                : null,
        };
        try
        {
            Server? server = Transport.Bind(bind, out TransportError? failure);
            error = server is null ? failure?.Text : null;
            return server;
        }
        catch (ArgumentException e)
        {
            error = $"cannot listen on port {port}: {e.Message}";
            return null;
        }
    }

    /// <summary>Starts a non-blocking connection to the upstream provider; null with <paramref name="error"/>.</summary>
    public static Channel? ConnectUpstream(PerfHubOptions options, out string? error)
    {
        var connect = new ConnectOptions
        {
            Host = options.UpstreamHost,
            Port = options.UpstreamPort,
            InterfaceName = options.InterfaceName.Length > 0 ? options.InterfaceName : null,
            ConnectionType = options.Encrypted ? ConnectionType.Encrypted : ConnectionType.Socket,
            Tls = options.Encrypted
                ? new ClientTlsOptions { TrustedCaFile = options.CaStore.Length > 0 ? options.CaStore : null }
                : null,
            Blocking = false,
            TcpNoDelay = options.TcpNoDelay,
            GuaranteedOutputBuffers = options.OutputBuffers,
            SysSendBufSize = options.SendBufSize,
            SysRecvBufSize = options.RecvBufSize,
            PingTimeout = options.PingTimeoutSeconds,
        };
        try
        {
            Channel? channel = Transport.Connect(connect, out TransportError? failure);
            error = channel is null ? failure?.Text ?? "connect failed" : null;
            return channel;
        }
        catch (ArgumentException e)
        {
            error = e.Message;
            return null;
        }
    }
}
