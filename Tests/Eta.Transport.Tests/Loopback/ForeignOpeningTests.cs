using System.Diagnostics;
using System.Net.Sockets;
using System.Text;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Loopback;

/// <summary>
/// Clients that do not open with a RIPC ConnectReq. LSEG's Java clients in their HTTP-tunnelling connection types
/// start with "POST / HTTP/1.1"; a client may also connect and say nothing. Either way the server must not wait
/// for ever: it refuses HTTP at once (with an HTTP answer the client can show) and closes a silent channel after
/// the initialization timeout (60 s by default, as in LSEG's transport).
/// </summary>
public sealed class ForeignOpeningTests
{
    // The opening LSEG's Java HTTP connection type sends (its first request of the tunnel).
    private static readonly byte[] HttpTunnelOpening =
        "POST / HTTP/1.1\r\nHost: 127.0.0.1:14002\r\nUser-Agent: RTSDK\r\nTransfer-Encoding: chunked\r\nContent-Type: application/octet-stream\r\n\r\n"u8.ToArray();

    [Fact]
    public void The_default_initialization_timeout_is_LSEGs_60_seconds()
    {
        Assert.Equal(60, new BindOptions().InitializationTimeout);
        Assert.Equal(60, new ConnectOptions().InitializationTimeout);
    }

    [Fact]
    public void An_HTTP_tunnel_opening_is_refused_at_once_with_a_reason_on_both_ends()
    {
        Server server = Support.Loopback.Bind(new BindOptions { InitializationTimeout = 60 });
        using var client = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            Channel channel = OpenWith(server, client, HttpTunnelOpening);

            Assert.Equal(ChannelState.Closed, channel.State);
            Assert.Equal(TransportReturnCode.ChanInitRefused, channel.Error.Code);
            Assert.Contains("HTTP tunnelling is not supported", channel.Error.Text);
            Assert.Contains("POST / HTTP/1.1", channel.Error.Text);

            string answer = ReadUntilClosed(client);
            Assert.StartsWith("HTTP/1.1 501 ", answer);
            Assert.Contains("HTTP tunnelling is not supported", answer);
        }
        finally
        {
            server.Close();
            Transport.Uninitialize();
        }
    }

    [Fact]
    public void A_TLS_opening_on_a_plain_server_fails_at_once_saying_so()
    {
        Server server = Support.Loopback.Bind(new BindOptions { InitializationTimeout = 60 });
        using var client = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            // A TLS 1.2 record header, handshake type ClientHello, and a little of its body: what an encrypted client sends first.
            Channel channel = OpenWith(server, client, [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03]);

            Assert.Equal(ChannelState.Closed, channel.State);
            Assert.Contains("the client opened with a TLS ClientHello, but this server is not encrypted", channel.Error.Text);
        }
        finally
        {
            server.Close();
            Transport.Uninitialize();
        }
    }

    [Fact]
    public void A_client_that_connects_and_sends_nothing_is_closed_after_the_initialization_timeout()
    {
        Server server = Support.Loopback.Bind(new BindOptions { InitializationTimeout = 1 });
        using var client = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            client.Connect("127.0.0.1", server.Port);
            Channel channel = AcceptAndInitUntilDone(server, TimeSpan.FromSeconds(1) + Support.Loopback.Deadline);

            Assert.Equal(ChannelState.Closed, channel.State);
            Assert.Contains("initialization timeout", channel.Error.Text);
            Assert.Equal("", ReadUntilClosed(client)); // the server hung up without a word
        }
        finally
        {
            server.Close();
            Transport.Uninitialize();
        }
    }

    // The client connects and sends its opening; the server's channel once its handshake ended, within the test's
    // deadline (half the 60 s initialization timeout: a foreign opening must not wait for that).
    private static Channel OpenWith(Server server, Socket client, byte[] opening)
    {
        client.Connect("127.0.0.1", server.Port);
        client.Send(opening);
        return AcceptAndInitUntilDone(server, Support.Loopback.Deadline);
    }

    // Accepts one channel and calls Init as a server loop does (on readiness, or every few milliseconds) until the
    // handshake ends either way.
    private static Channel AcceptAndInitUntilDone(Server server, TimeSpan limit)
    {
        var clock = Stopwatch.StartNew();
        Channel? channel = null;
        while (clock.Elapsed < limit)
        {
            if (channel is null)
            {
                if (server.Socket.Poll(10_000, SelectMode.SelectRead))
                    channel = server.Accept();
                continue;
            }
            if (channel.Init() != TransportReturnCode.ChanInitInProgress)
                return channel;
            channel.Socket.Poll(10_000, SelectMode.SelectRead);
        }
        throw new TimeoutException($"the handshake neither completed nor failed within {limit}: {channel?.State} {channel?.Error}");
    }

    private static string ReadUntilClosed(Socket socket)
    {
        var text = new StringBuilder();
        var buffer = new byte[4096];
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed < Support.Loopback.Deadline)
        {
            if (!socket.Poll(100_000, SelectMode.SelectRead))
                continue;
            int read = socket.Receive(buffer);
            if (read == 0)
                return text.ToString();
            text.Append(Encoding.ASCII.GetString(buffer, 0, read));
        }
        throw new TimeoutException("the server did not close the connection: " + text);
    }
}
