using System.Diagnostics;
using System.Net.Sockets;
using Eta.Transport.Ripc;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Loopback;

/// <summary>
/// Clients that stall part-way through the handshake over real loopback sockets: the server channel is closed once
/// the initialization timeout has passed, with an error that names the limit and where the client stopped, while a
/// good client that connected after it completes its handshake and is served. The server is driven as a tool's
/// loop drives it: every initializing channel's Init is called on each pass, readable or not.
/// </summary>
public sealed class HandshakeTimeLimitTests
{
    public enum Stall
    {
        Nothing,
        HalfConnectRequest,
        NoClientKey,
    }

    [Fact]
    public void A_client_whose_server_never_answers_fails_at_its_limit_saying_where_it_stood()
    {
        using var silent = new System.Net.Sockets.TcpListener(System.Net.IPAddress.Loopback, 0);
        silent.Start();
        int port = ((System.Net.IPEndPoint)silent.LocalEndpoint).Port;
        Transport.Initialize();
        Channel? client = Transport.Connect(new ConnectOptions { Host = "127.0.0.1", Port = port, InitializationTimeout = 1 },
            out TransportError? error);
        Assert.True(client is not null, error?.ToString());
        try
        {
            using Socket accepted = silent.AcceptSocket(); // and never answered
            var clock = Stopwatch.StartNew();
            TransportReturnCode code;
            while ((code = client.Init()) == TransportReturnCode.ChanInitInProgress)
            {
                Assert.StartsWith("was connected, and the server had sent nothing in answer to its ConnectReq", client.PendingHandshake);
                if (clock.Elapsed > TimeSpan.FromSeconds(1) + Support.Loopback.Deadline)
                    throw new TimeoutException($"still initializing: {client.PendingHandshake}");
                client.Socket.Poll(10_000, SelectMode.SelectRead);
            }

            Assert.Equal(TransportReturnCode.Failure, code);
            Assert.Contains("within the initialization timeout (1 s): the attempt was connected, and the server had sent nothing " +
                "in answer to its ConnectReq", client.Error.Text);
            Assert.Null(client.PendingHandshake);
        }
        finally
        {
            client.Close();
            Transport.Uninitialize();
        }
    }

    [Theory]
    [InlineData(Stall.Nothing, "the client sent nothing (the server waited for its ConnectReq)")]
    [InlineData(Stall.HalfConnectRequest, "bytes of a ConnectReq and stopped")]
    [InlineData(Stall.NoClientKey, "the client did not answer the key exchange")]
    public void A_stalled_handshake_is_closed_after_the_limit_while_a_good_client_is_served(Stall stall, string where)
    {
        Server server = Support.Loopback.Bind(new BindOptions { InitializationTimeout = 1 });
        using var stalled = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        var channels = new List<Channel>();
        Channel? good = null;
        try
        {
            stalled.Connect("127.0.0.1", server.Port);
            stalled.Send(Opening(stall));
            Channel stalledChannel = AcceptOne(server);
            channels.Add(stalledChannel);
            good = Transport.Connect(Support.Loopback.ClientOptions(server), out TransportError? error);
            Assert.True(good is not null, error?.ToString());

            Channel? goodServerSide = null;
            var clock = Stopwatch.StartNew();
            while (stalledChannel.State == ChannelState.Initializing || goodServerSide is null || good.State != ChannelState.Active)
            {
                if (clock.Elapsed > TimeSpan.FromSeconds(1) + Support.Loopback.Deadline)
                    throw new TimeoutException($"stalled {stalledChannel.State} {stalledChannel.Error}, good {good.State} {good.Error}");
                if (server.Socket.Poll(10_000, SelectMode.SelectRead) && server.Accept() is { } accepted)
                    channels.Add(accepted);
                foreach (Channel channel in channels.Where(c => c.State == ChannelState.Initializing))
                {
                    if (channel.Init() == TransportReturnCode.Success)
                        goodServerSide = channel;
                }
                if (good.State == ChannelState.Initializing)
                    good.Init();
            }

            Assert.Equal(ChannelState.Closed, stalledChannel.State);
            Assert.Equal(TransportReturnCode.Failure, stalledChannel.Error.Code);
            Assert.Contains("within the initialization timeout (1 s)", stalledChannel.Error.Text);
            Assert.Contains(where, stalledChannel.Error.Text);
            Assert.True(HangsUp(stalled), "the server kept the stalled client's connection open");
            Support.Loopback.Send(good, "served"u8);
            Support.Loopback.FlushAll(good);
            Assert.Equal("served"u8.ToArray(), Support.Loopback.ReadMessage(goodServerSide));
        }
        finally
        {
            good?.Close();
            channels.ForEach(c => c.Close());
            server.Close();
            Transport.Uninitialize();
        }
    }

    [Fact]
    public void The_accept_options_limit_overrides_the_servers()
    {
        Server server = Support.Loopback.Bind(new BindOptions { InitializationTimeout = 3600 });
        using var silent = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        Channel? channel = null;
        try
        {
            silent.Connect("127.0.0.1", server.Port);
            Assert.True(server.Socket.Poll((int)Support.Loopback.Deadline.TotalMicroseconds, SelectMode.SelectRead), "no connection to accept");
            channel = server.Accept(new AcceptOptions { InitializationTimeout = 1 });
            Assert.NotNull(channel);
            var clock = Stopwatch.StartNew();
            while (channel.Init() == TransportReturnCode.ChanInitInProgress && clock.Elapsed < TimeSpan.FromSeconds(1) + Support.Loopback.Deadline)
                channel.Socket.Poll(10_000, SelectMode.SelectRead);

            Assert.Equal(ChannelState.Closed, channel.State);
            Assert.Contains("initialization timeout (1 s)", channel.Error.Text);
        }
        finally
        {
            channel?.Close();
            server.Close();
            Transport.Uninitialize();
        }
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(3601)]
    public void An_accept_options_limit_out_of_range_is_refused(int seconds)
    {
        var options = new AcceptOptions { InitializationTimeout = seconds };
        ArgumentOutOfRangeException e = Assert.Throws<ArgumentOutOfRangeException>(options.Validate);
        Assert.Equal(nameof(AcceptOptions.InitializationTimeout), e.ParamName);
    }

    private static byte[] Opening(Stall stall)
    {
        if (stall == Stall.Nothing)
            return [];
        var request = new byte[256];
        // RIPC 14 asks for the key exchange: the server answers with its key and then waits for the ClientKey.
        int length = new ConnectRequest { Version = RipcVersion.V14, PingTimeout = 60, HostName = "h", IpAddress = "1" }.Encode(request);
        return request.AsSpan(0, stall == Stall.HalfConnectRequest ? length / 2 : length).ToArray();
    }

    private static Channel AcceptOne(Server server)
    {
        Assert.True(server.Socket.Poll((int)Support.Loopback.Deadline.TotalMicroseconds, SelectMode.SelectRead), "no connection to accept");
        Channel? channel = server.Accept();
        Assert.True(channel is not null, server.Error.ToString());
        return channel;
    }

    // True once the peer closed the connection (whatever it sent first, such as a ConnectAck); false if it stays open.
    private static bool HangsUp(Socket socket)
    {
        var buffer = new byte[1024];
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed < Support.Loopback.Deadline)
        {
            if (!socket.Poll(100_000, SelectMode.SelectRead))
                continue;
            try
            {
                if (socket.Receive(buffer) == 0)
                    return true;
            }
            catch (SocketException)
            {
                return true; // reset: closed as well
            }
        }
        return false;
    }
}
