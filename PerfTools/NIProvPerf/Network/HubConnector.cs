using System.Net.Sockets;
using Eta.Transport;
using PerfTools.Common.Network;
using PerfTools.Common.Provider;
using PerfTools.NIProvPerf.Options;

namespace PerfTools.NIProvPerf.Network;

/// <summary>
/// Opens a provider thread's connection to the hub (ADH) with the options' transport settings and completes the
/// handshake. A failed attempt is reported, not thrown: the thread retries until the run ends (guide §6.3, as
/// LSEG's NIProvPerf does).
/// </summary>
internal static class HubConnector
{
    // How long each readiness wait of the handshake lasts, so a stop request is seen promptly.
    private const int HandshakePollMicroseconds = 10_000;

    /// <summary>The active channel, or null with <paramref name="error"/> when the hub is not there or <paramref name="stop"/> fired.</summary>
    /// <param name="failures">Told where the attempt stood when <paramref name="stop"/> ended it (then <paramref name="error"/> is null).</param>
    public static PublishingChannel? TryConnect(NIProvPerfOptions o, string name, PublishingStats stats, CancellationToken stop,
        out string? error, Eta.Codec.Json.JsonFieldNames? json = null, ConnectFailures? failures = null)
    {
        Channel? channel;
        try
        {
            channel = Transport.Connect(ConnectOptionsFor(o), out TransportError? failure);
            error = channel is null ? failure?.Text ?? "unknown transport failure" : null;
        }
        catch (ArgumentException e)
        {
            channel = null;
            error = e.Message;
        }
        if (channel is null)
            return null;

        var connection = new PublishingChannel(channel, name, o.Publishing, stats, json, peer: "hub");
        while (!stop.IsCancellationRequested)
        {
            ConnectionProgress progress = connection.Initialize();
            if (progress == ConnectionProgress.Active)
                return connection;
            if (progress == ConnectionProgress.Failed)
            {
                error = connection.FailureText;
                connection.Dispose();
                return null;
            }
            try
            {
                channel.Socket.Poll(HandshakePollMicroseconds, SelectMode.SelectRead);
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException)
            {
                // Initialize reports what happened to the socket.
            }
        }
        error = null; // stopped: not a failure of the attempt
        failures?.RecordUnfinished(channel.PendingHandshake);
        connection.Dispose();
        return null;
    }

    internal static ConnectOptions ConnectOptionsFor(NIProvPerfOptions o) => new()
    {
        Host = o.Host,
        Port = o.Port,
        InterfaceName = o.InterfaceName.Length > 0 ? o.InterfaceName : null,
        ConnectionType = o.ConnectionType,
        EncryptedProtocol = o.EncryptedConnectionType,
        WebSocketProtocols = o.ProtocolList,
        Tls = o.ConnectionType == ConnectionType.Encrypted
            ? new ClientTlsOptions { TrustedCaFile = o.CertificateFile.Length > 0 ? o.CertificateFile : null }
            : null,
        Blocking = false,
        TcpNoDelay = o.TcpNoDelay,
        GuaranteedOutputBuffers = o.OutputBuffers,
        SysSendBufSize = o.SendBufSize,
        SysRecvBufSize = o.RecvBufSize,
        SendTimeoutMs = o.SendTimeoutMs,
        ReceiveTimeoutMs = o.RecvTimeoutMs,
        PingTimeout = o.PingTimeoutSeconds,
    };
}
