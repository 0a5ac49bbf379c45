using System.Net.Sockets;
using Eta.Transport.Io;

namespace Eta.Transport.Wiring;

/// <summary>
/// Where the TLS streams of transport-ext plug in. Until they are merged, an encrypted connection
/// fails with a clear message instead of silently running in clear text.
/// </summary>
internal static class StreamFactory
{
    public static IChannelStream CreateClientTls(Socket socket, ConnectOptions options) =>
        throw new NotSupportedException("Encrypted connections need the TLS stream (Tls/), not yet wired in.");

    public static IChannelStream CreateServerTls(Socket socket, ServerTlsOptions options) =>
        throw new NotSupportedException("Encrypted connections need the TLS stream (Tls/), not yet wired in.");
}
