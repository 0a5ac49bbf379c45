using System.Diagnostics;
using System.Net.Sockets;
using Eta.Transport.Ripc;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Loopback;

/// <summary>Peers that vanish, go silent or send garbage: the channel closes with a clear error, others carry on.</summary>
public sealed class RobustnessLoopbackTests
{
    [Theory]
    [InlineData("192.0.2.1")] // TEST-NET-1: an address no host of ours has
    [InlineData("nosuchinterface.invalid")]
    [InlineData(TooLongForDns)]
    public void A_client_interface_this_host_lacks_is_named_in_the_connect_error(string interfaceName)
    {
        Transport.Initialize();
        try
        {
            Channel? channel = Transport.Connect(new ConnectOptions { Host = "127.0.0.1", Port = 1, InterfaceName = interfaceName },
                out TransportError? error);

            Assert.Null(channel);
            Assert.StartsWith($"Connect: the interface {interfaceName} cannot be used here: ", error!.Text);
        }
        finally
        {
            Transport.Uninitialize();
        }
    }

    // A name DNS refuses outright (more than 255 characters) rather than finding no address for.
    private const string TooLongForDns =
        "a123456789b123456789c123456789d123456789e123456789f123456789g123456789h123456789i123456789j123456789"
        + "a123456789b123456789c123456789d123456789e123456789f123456789g123456789h123456789i123456789j123456789"
        + "a123456789b123456789c123456789d123456789e123456789f123456789g123456789h123456789i123456789j123456789";

    [Theory]
    [InlineData("nosuchhost.invalid")]
    [InlineData(TooLongForDns)]
    public void A_host_with_no_address_fails_the_connect_with_host_not_found(string host)
    {
        Transport.Initialize();
        try
        {
            Channel? channel = Transport.Connect(new ConnectOptions { Host = host, Port = 14002 }, out TransportError? error);

            Assert.Null(channel);
            Assert.Equal($"Connect: cannot connect to {host}:14002: HostNotFound", error!.Text);
        }
        finally
        {
            Transport.Uninitialize();
        }
    }

    [Fact]
    public void A_server_interface_DNS_refuses_fails_the_bind_with_an_error()
    {
        Transport.Initialize();
        try
        {
            Server? server = Transport.Bind(new BindOptions { Port = 0, InterfaceName = TooLongForDns }, out TransportError? error);

            Assert.Null(server);
            Assert.Contains("HostNotFound", error!.Text);
        }
        finally
        {
            Transport.Uninitialize();
        }
    }

    [Fact]
    public void Peer_disconnect_mid_message_closes_the_reader_with_a_clear_error()
    {
        using var pair = Support.Loopback.Open();
        pair.Client.GetBuffer(300_000, false, out TransportBuffer? buffer);
        buffer!.Length = 300_000;
        pair.Client.Write(buffer);
        pair.Client.Flush();
        pair.Client.Close(); // vanishes with most of the message unsent

        var clock = Stopwatch.StartNew();
        TransportReturnCode result;
        while ((result = pair.ServerChannel.Read(out _)) != TransportReturnCode.Failure && clock.Elapsed < Support.Loopback.Deadline)
        {
            if (result == TransportReturnCode.ReadWouldBlock)
                pair.ServerChannel.Socket.Poll(10_000, SelectMode.SelectRead);
        }

        Assert.Equal(TransportReturnCode.Failure, result);
        Assert.Equal(ChannelState.Closed, pair.ServerChannel.State);
        Assert.Matches("peer (closed|reset) the connection", pair.ServerChannel.Error.Text);
    }

    [Fact]
    public void Garbage_and_stalled_clients_fail_alone_while_a_good_client_is_served()
    {
        Server server = Support.Loopback.Bind(new BindOptions { InitializationTimeout = 1 });
        using var garbage = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        using var stalled = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            garbage.Connect("127.0.0.1", server.Port);
            garbage.Send([0x00, 0x01, 0xDE, 0xAD, 0xBE, 0xEF]);
            stalled.Connect("127.0.0.1", server.Port);
            var request = new byte[256];
            int length = new ConnectRequest { Version = RipcVersion.V14, PingTimeout = 60, HostName = "h", IpAddress = "1" }.Encode(request);
            stalled.Send(request.AsSpan(0, length / 2)); // half a ConnectReq, then nothing
            Channel good = Transport.Connect(Support.Loopback.ClientOptions(server), out _)!;

            var channels = new List<Channel>();
            Channel? goodServerSide = null;
            var clock = Stopwatch.StartNew();
            while (clock.Elapsed < Support.Loopback.Deadline)
            {
                if (server.Socket.Poll(1000, SelectMode.SelectRead) && server.Accept() is { } accepted)
                    channels.Add(accepted);
                foreach (Channel channel in channels.Where(c => c.State == ChannelState.Initializing))
                    channel.Init();
                if (good.State == ChannelState.Initializing)
                    good.Init();
                goodServerSide = channels.FirstOrDefault(c => c.State == ChannelState.Active);
                if (channels.Count == 3 && channels.All(c => c.State != ChannelState.Initializing) && good.State == ChannelState.Active)
                    break;
            }

            Assert.Equal(ChannelState.Active, good.State);
            Assert.NotNull(goodServerSide);
            Support.Loopback.Send(good, "still served"u8);
            Support.Loopback.FlushAll(good);
            Assert.Equal("still served"u8.ToArray(), Support.Loopback.ReadMessage(goodServerSide));
            string[] failures = channels.Where(c => c.State == ChannelState.Closed).Select(c => c.Error.Text).ToArray();
            Assert.Equal(2, failures.Length);
            Assert.Contains(failures, text => text.Contains("garbage"));
            Assert.Contains(failures, text => text.Contains("initialization timeout"));
            good.Close();
            channels.ForEach(c => c.Close());
        }
        finally
        {
            server.Close();
            Transport.Uninitialize();
        }
    }

    [Fact]
    public void Garbage_after_the_handshake_closes_the_channel_with_a_clear_error()
    {
        using var pair = Support.Loopback.Open();
        pair.Client.Socket.Send([0x00, 0x01, 0x7F, 0x7F]); // a frame "length" of 1 byte

        var clock = Stopwatch.StartNew();
        TransportReturnCode result;
        while ((result = pair.ServerChannel.Read(out _)) == TransportReturnCode.ReadWouldBlock && clock.Elapsed < Support.Loopback.Deadline)
            pair.ServerChannel.Socket.Poll(10_000, SelectMode.SelectRead);

        Assert.Equal(TransportReturnCode.Failure, result);
        Assert.Equal(ChannelState.Closed, pair.ServerChannel.State);
        Assert.Contains("garbage", pair.ServerChannel.Error.Text);
        pair.ServerChannel.Read(out _);
        Assert.Equal(TransportReturnCode.Failure, pair.ServerChannel.Read(out _));
        Assert.StartsWith("Read: the channel is closed (Read: received a RIPC frame", pair.ServerChannel.Error.Text);
    }

    /// <summary>
    /// LSEG's C reader (ipcReadSession, RTSDK 2.1.2) closes a channel on an uncompressed frame without the data flag
    /// ("1007 Invalid Message Opcode"), a ping of 00 03 01 included; ours does the same and names the byte. Frames
    /// with the extended flag must carry a fragment opcode (0x08 or 0x04): nothing else travels on an active channel.
    /// </summary>
    [Theory]
    [InlineData(new byte[] { 0x00, 0x03, 0x01 }, "flags byte 0x01")]
    [InlineData(new byte[] { 0x00, 0x03, 0x00 }, "flags byte 0x00")]
    [InlineData(new byte[] { 0x00, 0x06, 0x10, 0x00, 0x01, 0x41 }, "flags byte 0x10")]
    [InlineData(new byte[] { 0x00, 0x05, 0x20, 0x41, 0x42 }, "flags byte 0x20")]
    [InlineData(new byte[] { 0x00, 0x06, 0x03, 0x01, 0x41, 0x42 }, "extended flags byte 0x01")]
    public void A_frame_LSEG_C_rejects_closes_the_channel_with_an_error_naming_the_byte(byte[] frame, string named)
    {
        using var pair = Support.Loopback.Open();
        Support.Loopback.Send(pair.Client, "before"u8);
        Support.Loopback.FlushAll(pair.Client);
        Assert.Equal("before"u8.ToArray(), Support.Loopback.ReadMessage(pair.ServerChannel));

        pair.Client.Socket.Send(frame);

        var clock = Stopwatch.StartNew();
        TransportReturnCode result;
        while ((result = pair.ServerChannel.Read(out TransportBuffer? message)) is TransportReturnCode.ReadWouldBlock or TransportReturnCode.ReadPing
               && message is null && clock.Elapsed < Support.Loopback.Deadline)
            pair.ServerChannel.Socket.Poll(10_000, SelectMode.SelectRead);

        Assert.Equal(TransportReturnCode.Failure, result);
        Assert.Equal(ChannelState.Closed, pair.ServerChannel.State);
        Assert.Contains(named, pair.ServerChannel.Error.Text);
    }

    [Fact]
    public void Silent_peer_is_detected_by_the_ping_check()
    {
        using var pair = Support.Loopback.Open(new BindOptions { PingTimeout = 1, MinPingTimeout = 1 });
        Assert.Equal(1, pair.ServerChannel.PingTimeout);

        var clock = Stopwatch.StartNew();
        TransportReturnCode result = TransportReturnCode.Success;
        while (result == TransportReturnCode.Success && clock.Elapsed < Support.Loopback.Deadline)
        {
            result = pair.ServerChannel.CheckPings(); // the client never calls CheckPings: it is silent
            if (result == TransportReturnCode.Success)
                pair.ServerChannel.Socket.Poll(50_000, SelectMode.SelectRead);
        }

        Assert.Equal(TransportReturnCode.Failure, result);
        Assert.Equal(ChannelState.Closed, pair.ServerChannel.State);
        Assert.Contains("went silent", pair.ServerChannel.Error.Text);
    }

    [Fact]
    public void Pinging_peers_stay_alive()
    {
        using var pair = Support.Loopback.Open(new BindOptions { PingTimeout = 1, MinPingTimeout = 1 });
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed < TimeSpan.FromSeconds(2))
        {
            Assert.Equal(TransportReturnCode.Success, pair.Client.CheckPings());
            Assert.Equal(TransportReturnCode.Success, pair.ServerChannel.CheckPings());
            pair.Client.Read(out _);
            pair.ServerChannel.Read(out _);
            pair.ServerChannel.Socket.Poll(20_000, SelectMode.SelectRead);
        }
        Assert.Equal(ChannelState.Active, pair.ServerChannel.State);
        Assert.Equal(ChannelState.Active, pair.Client.State);
    }

    [Fact]
    public void Operations_on_a_closed_channel_fail_and_say_why()
    {
        using var pair = Support.Loopback.Open();
        pair.Client.Close();

        Assert.Equal(ChannelState.Inactive, pair.Client.State);
        Assert.Equal(TransportReturnCode.Failure, pair.Client.GetBuffer(10, false, out _));
        Assert.Contains("Inactive", pair.Client.Error.Text);
    }
}
