using System.Net.Sockets;
using Eta.Transport.Io;
using Eta.Transport.Tls;

namespace Eta.Transport.Wiring;

/// <summary>Builds the TLS streams (transport-ext's <see cref="TlsChannelStream"/>) from our public options.</summary>
internal static class StreamFactory
{
    public static IChannelStream CreateClientTls(Socket socket, ConnectOptions options)
    {
        ClientTlsOptions tls = options.Tls ?? new ClientTlsOptions();
        var tlsOptions = new TlsClientOptions(
            targetHost: tls.TargetHost ?? options.Host,
            caFile: tls.TrustedCaFile,
            acceptSelfSignedServerCertificate: tls.AcceptSelfSignedServerCertificate);
        return TlsChannelStream.ForClient(socket, tlsOptions);
    }

    /// <summary>Loads the server certificate and key once per server.</summary>
    public static TlsServerOptions LoadServerTls(ServerTlsOptions options) =>
        TlsServerOptions.FromPemFiles(options.CertificateFile, options.PrivateKeyFile);

    public static IChannelStream CreateServerTls(Socket socket, TlsServerOptions options) =>
        TlsChannelStream.ForServer(socket, options);
}
