using System.Net.Sockets;
using Eta.Transport.Io;
using Eta.Transport.Tls;
using Xunit;

namespace Eta.Transport.Tests.Tls;

/// <summary>
/// A client and a server <see cref="TlsChannelStream"/> over loopback, both driven from the test thread
/// the way a channel's loop drives them: act when the socket is readable or input is buffered.
/// Every wait is bounded by <see cref="Timeout"/>.
/// </summary>
internal sealed class TlsPair : IDisposable
{
    public static readonly TimeSpan Timeout = TimeSpan.FromSeconds(5);

    public TlsPair(TlsClientOptions clientOptions, TlsServerOptions serverOptions)
    {
        (Socket client, Socket server) = LoopbackSockets.Connect();
        Client = TlsChannelStream.ForClient(client, clientOptions);
        Server = TlsChannelStream.ForServer(server, serverOptions);
    }

    public TlsChannelStream Client { get; }
    public TlsChannelStream Server { get; }

    /// <summary>Drives both handshakes until neither is in progress.</summary>
    public (HandshakeProgress Client, HandshakeProgress Server) Handshake()
    {
        using var deadline = new CancellationTokenSource(Timeout);
        while (true)
        {
            HandshakeProgress client = Client.ContinueHandshake();
            HandshakeProgress server = Server.ContinueHandshake();
            if (client != HandshakeProgress.InProgress && server != HandshakeProgress.InProgress)
                return (client, server);
            Assert.False(deadline.IsCancellationRequested, "TLS handshake did not finish in time");
            WaitReadable(Client, Server);
        }
    }

    /// <summary>Reads from <paramref name="reader"/> until <paramref name="destination"/> is full; the count read before -1.</summary>
    public static int ReadFully(TlsChannelStream reader, Span<byte> destination)
    {
        using var deadline = new CancellationTokenSource(Timeout);
        int total = 0;
        while (total < destination.Length)
        {
            int count = reader.Read(destination[total..]);
            if (count < 0)
                return total;
            total += count;
            if (count == 0)
            {
                Assert.False(deadline.IsCancellationRequested, $"only {total} of {destination.Length} bytes arrived");
                WaitReadable(reader);
            }
        }
        return total;
    }

    /// <summary>Waits (bounded) until one of the streams has input: socket readiness or buffered plaintext.</summary>
    public static void WaitReadable(params TlsChannelStream[] streams)
    {
        if (streams.Any(stream => stream.HasBufferedInput))
            return;
        var sockets = streams.Select(stream => stream.Socket).ToList();
        Socket.Select(sockets, null, null, 100_000);
    }

    public void Dispose()
    {
        Client.Dispose();
        Server.Dispose();
    }
}
