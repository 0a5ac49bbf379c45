using System.Diagnostics;
using System.Net.Sockets;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Loopback;

/// <summary>RIPC handshakes over real loopback sockets, both sides ours.</summary>
public sealed class HandshakeLoopbackTests
{
    [Fact]
    public void Non_blocking_handshake_reaches_active_on_both_sides()
    {
        using var pair = Support.Loopback.Open(
            new BindOptions { ComponentVersion = "test server 1" },
            new ConnectOptions { ComponentVersion = "test client 2", PingTimeout = 30 });

        ChannelInfo client = pair.Client.Info!, server = pair.ServerChannel.Info!;
        Assert.Equal(14, client.RipcVersion);
        Assert.Equal("test server 1", client.PeerComponentVersion);
        Assert.Equal("test client 2", server.PeerComponentVersion);
        Assert.Equal(30, client.PingTimeout);
        Assert.Equal(30, server.PingTimeout);
        Assert.Equal(6144, client.MaxFragmentSize);
        Assert.Equal(CompressionType.None, client.CompressionType);
        Assert.True(pair.ServerChannel.IsServerSide);
    }

    [Fact]
    public void Socket_options_follow_the_options_and_IOCtl()
    {
        using var pair = Support.Loopback.Open(connect: new ConnectOptions { TcpNoDelay = false, InterfaceName = "127.0.0.1", SysSendBufSize = 100_000 });

        Assert.True(pair.ServerChannel.Socket.NoDelay);   // ETA tools' default: Nagle off
        Assert.False(pair.Client.Socket.NoDelay);         // -tcpDelay
        Assert.Equal("127.0.0.1", ((System.Net.IPEndPoint)pair.Client.Socket.LocalEndPoint!).Address.ToString());
        Assert.True(pair.Client.Socket.SendBufferSize >= 100_000);
        Assert.Equal(TransportReturnCode.Success, pair.Client.IOCtl(IOCtlCode.SystemReadBuffers, 200_000));
        Assert.True(pair.Client.Socket.ReceiveBufferSize >= 200_000);
        Assert.Equal(TransportReturnCode.Failure, pair.Client.IOCtl(IOCtlCode.ServerNumPoolBuffers, 5));
        Assert.Contains("does not take a number on a channel", pair.Client.Error.Text);
    }

    [Fact]
    public async Task Blocking_connect_returns_an_active_channel()
    {
        Server server = Support.Loopback.Bind(new BindOptions { ChannelsBlocking = true, ServerBlocking = true });
        try
        {
            Channel? accepted = null;
            var acceptor = Task.Run(() => accepted = server.Accept(), TestContext.Current.CancellationToken);
            Channel? client = Transport.Connect(Support.Loopback.ClientOptions(server, new ConnectOptions { Blocking = true }), out TransportError? error);
            Assert.True(client is not null, error?.ToString());
            await acceptor.WaitAsync(Support.Loopback.Deadline, TestContext.Current.CancellationToken);
            Assert.Equal(ChannelState.Active, client.State);
            Assert.Equal(ChannelState.Active, accepted!.State);
            client.Close();
            accepted.Close();
        }
        finally
        {
            server.Close();
            Transport.Uninitialize();
        }
    }

    [Fact]
    public void Server_smaller_ping_timeout_and_fragment_size_win()
    {
        using var pair = Support.Loopback.Open(
            new BindOptions { PingTimeout = 40, MinPingTimeout = 10, MaxFragmentSize = 2000 },
            new ConnectOptions { PingTimeout = 60 });

        Assert.Equal(40, pair.Client.PingTimeout);
        Assert.Equal(2000, pair.Client.Info!.MaxFragmentSize);
    }

    /// <summary>
    /// A server may offer a ping timeout below LSEG's default minimum of 20 s without setting MinPingTimeout too
    /// (LSEG's clients take the ConnectAck's value as it is, ipcWaitAck): what interop tests use to cross pings fast.
    /// </summary>
    [Fact]
    public void A_server_offering_a_3_s_ping_timeout_gets_it_on_both_sides()
    {
        using var pair = Support.Loopback.Open(new BindOptions { PingTimeout = 3 }, new ConnectOptions { PingTimeout = 60 });

        Assert.Equal(3, pair.Client.PingTimeout);
        Assert.Equal(3, pair.ServerChannel.PingTimeout);
    }

    [Fact]
    public void An_explicit_minimum_still_raises_a_client_asking_for_less()
    {
        using var pair = Support.Loopback.Open(new BindOptions { PingTimeout = 60, MinPingTimeout = 20 }, new ConnectOptions { PingTimeout = 5 });

        Assert.Equal(20, pair.Client.PingTimeout);
    }

    [Fact]
    public void NakMount_refuses_the_client_with_a_clear_error()
    {
        Server server = Support.Loopback.Bind();
        try
        {
            Channel client = Transport.Connect(Support.Loopback.ClientOptions(server), out _)!;
            Channel? accepted = null;
            var clock = Stopwatch.StartNew();
            TransportReturnCode clientResult = TransportReturnCode.ChanInitInProgress;
            while (clientResult == TransportReturnCode.ChanInitInProgress && clock.Elapsed < Support.Loopback.Deadline)
            {
                if (accepted is null && server.Socket.Poll(1000, SelectMode.SelectRead))
                    accepted = server.Accept(new AcceptOptions { NakMount = true });
                if (accepted?.State == ChannelState.Initializing)
                    accepted.Init();
                clientResult = client.Init();
                if (clientResult == TransportReturnCode.ChanInitInProgress)
                    client.Socket.Poll(1000, SelectMode.SelectRead);
            }
            Assert.Equal(TransportReturnCode.ChanInitRefused, clientResult);
            Assert.Contains("Connection refused.", client.Error.Text);
            Assert.Equal(ChannelState.Closed, client.State);
            Assert.Equal(ChannelState.Closed, accepted!.State);
            Assert.Equal(TransportReturnCode.ChanInitRefused, accepted.Error.Code);
            client.Close();
            accepted.Close();
        }
        finally
        {
            server.Close();
            Transport.Uninitialize();
        }
    }

    [Fact]
    public void Connect_to_a_closed_port_fails_with_a_clear_error()
    {
        Server server = Support.Loopback.Bind();
        int port = server.Port;
        server.Close();
        try
        {
            Channel? client = Transport.Connect(new ConnectOptions { Host = "127.0.0.1", Port = port }, out TransportError? error);
            TransportReturnCode result = TransportReturnCode.ChanInitInProgress;
            var clock = Stopwatch.StartNew();
            while (client is not null && result == TransportReturnCode.ChanInitInProgress && clock.Elapsed < Support.Loopback.Deadline)
            {
                result = client.Init();
                if (result == TransportReturnCode.ChanInitInProgress)
                    client.Socket.Poll(10_000, SelectMode.SelectWrite);
            }
            string text = client?.Error.Text ?? error!.Text;
            Assert.True(client is null || result == TransportReturnCode.Failure, $"{result}");
            Assert.Contains("ConnectionRefused", text);
            client?.Close();
        }
        finally
        {
            Transport.Uninitialize();
        }
    }
}
