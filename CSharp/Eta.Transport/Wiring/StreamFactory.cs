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
            acceptSelfSignedServerCertificate: tls.AcceptSelfSignedServerCertificate,
            protocols: tls.Protocols);
        return TlsChannelStream.ForClient(socket, tlsOptions);
    }

    /// <summary>
    /// Loads the server certificate and key once per server; false with <paramref name="failure"/> when a file is
    /// missing, unreadable or does not hold a certificate and its key.
    /// </summary>
    public static bool TryLoadServerTls(ServerTlsOptions options, out TlsServerOptions? tls, out string? failure)
    {
        try
        {
            tls = TlsServerOptions.FromPemFiles(options.CertificateFile, options.PrivateKeyFile, options.Protocols);
            failure = null;
            return true;
        }
        catch (Exception e) when (IsFileProblem(e))
        {
            tls = null;
            failure = e.Message; // names the file and what is wrong with it
            return false;
        }
    }

    /// <summary>What reading a PEM file throws when the file, not the program, is wrong.</summary>
    public static bool IsFileProblem(Exception e) =>
        e is IOException or UnauthorizedAccessException or System.Security.Cryptography.CryptographicException;

    public static IChannelStream CreateServerTls(Socket socket, TlsServerOptions options) =>
        TlsChannelStream.ForServer(socket, options);
}
