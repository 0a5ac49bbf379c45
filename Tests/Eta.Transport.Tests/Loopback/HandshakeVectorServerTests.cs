using Eta.TestSupport;
using System.Diagnostics;
using System.Net.Sockets;
using Eta.Transport.Ripc;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Loopback;

/// <summary>
/// LSEG's RipcHandshakeJunit server-side cases: a raw socket replays the recorded ConnectReq (and RIPC 14
/// ClientKey) to our server, which must answer with the ConnectAck (or ConnectNak) LSEG's test expects.
/// </summary>
public sealed class HandshakeVectorServerTests
{
    [Theory]
    [InlineData("60_input_connectReq_Ripc11.txt", 11, "")]
    [InlineData("60_input_connectReq_Ripc12.txt", 12, "")]
    [InlineData("60_input_connectReq_Ripc13.txt", 13, "Test Client Version 1.23")]
    [InlineData("60_input_connectReq_Ripc14.txt", 14, "ETA Java Edition")]
    public void Server_accepts_each_recorded_ConnectReq(string file, int ripc, string clientComponent)
    {
        List<byte[]> records = HexDump.Records(VectorFiles.Handshake(file));
        (Channel channel, ConnectAck ack) = Exchange(new BindOptions(), records, ripc);

        Assert.Equal(ChannelState.Active, channel.State);
        Assert.Equal(6144, ack.MaxUserMessageSize);
        Assert.Equal(3, ack.SessionFlags);
        Assert.Equal(60, ack.PingTimeout);
        Assert.Equal(14, ack.MajorVersion);
        Assert.Equal(1, ack.MinorVersion);
        Assert.Equal(CompressionType.None, ack.Compression);
        Assert.Equal(0, ack.CompressionLevel);
        Assert.Equal(ripc >= 13 ? Transport.DefaultComponentVersion : "", ack.ComponentVersion);
        Assert.Equal(clientComponent, channel.Info!.PeerComponentVersion);
        Assert.Equal(ripc, channel.Info.RipcVersion);
    }

    [Fact]
    public void Server_accepts_a_ConnectReq_split_into_single_bytes()
    {
        List<byte[]> bytes = HexDump.Records(VectorFiles.Handshake("70_input_connectReq_Ripc14_all_split.txt"));
        byte[] clientKey = HexDump.Records(VectorFiles.Handshake("60_input_connectReq_Ripc14.txt"))[1];
        Assert.Equal(62, bytes.Count);

        (Channel channel, ConnectAck ack) = Exchange(new BindOptions(), [.. bytes, clientKey], 14, oneRecordPerInit: true);

        Assert.Equal(ChannelState.Active, channel.State);
        Assert.Equal(6144, ack.MaxUserMessageSize);
        Assert.Equal("ETA Java Edition", channel.Info!.PeerComponentVersion);
    }

    [Fact]
    public void Server_grants_zlib_at_its_level_to_a_client_asking_for_it()
    {
        List<byte[]> records = HexDump.Records(VectorFiles.Handshake("100_input_connectReq_Ripc13_Zlib_compression.txt"));
        (Channel channel, ConnectAck ack) = Exchange(new BindOptions { CompressionType = CompressionType.Zlib, CompressionLevel = 6 }, records, 13);

        Assert.Equal(ChannelState.Active, channel.State);
        Assert.Equal(CompressionType.Zlib, ack.Compression);
        Assert.Equal(6, ack.CompressionLevel);
        Assert.Equal(60, ack.PingTimeout);
        Assert.Equal(CompressionType.Zlib, channel.Info!.CompressionType);
        Assert.Equal("Test Client Version 1.23", channel.Info.PeerComponentVersion);
    }

    [Fact]
    public void Server_accepts_non_default_protocol_type_it_is_bound_with()
    {
        List<byte[]> records = HexDump.Records(VectorFiles.Handshake("80_input_connectReq_Ripc14_nonDefaultProtocolType.txt"));
        (Channel channel, _) = Exchange(new BindOptions { ProtocolType = 255 }, records, 14);

        Assert.Equal(ChannelState.Active, channel.State);
        Assert.Equal(255, channel.ProtocolType);
    }

    [Fact]
    public void Server_answers_non_default_major_minor_version()
    {
        List<byte[]> records = HexDump.Records(VectorFiles.Handshake("90_input_connectReq_Ripc14_nonDefaultMajorMinorVersion.txt"));
        (Channel channel, ConnectAck ack) = Exchange(new BindOptions { MajorVersion = 255, MinorVersion = 255 }, records, 14);

        Assert.Equal(ChannelState.Active, channel.State);
        Assert.Equal(255, ack.MajorVersion);
        Assert.Equal(255, ack.MinorVersion);
    }

    [Fact]
    public void Server_refuses_a_protocol_type_it_does_not_speak_with_a_ConnectNak()
    {
        List<byte[]> records = HexDump.Records(VectorFiles.Handshake("80_input_connectReq_Ripc13_nonDefaultProtocolType.txt"));
        Server server = Support.Loopback.Bind();
        using var client = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            client.Connect("127.0.0.1", server.Port);
            Channel channel = AcceptOne(server);
            client.Send(records[0]);
            RunInit(channel, until: c => c.State != ChannelState.Initializing);
            byte[] reply = ReceiveFrame(client);

            Assert.Equal(ChannelState.Closed, channel.State);
            Assert.Equal(TransportReturnCode.ChanInitRefused, channel.Error.Code);
            Assert.Equal(0x01, reply[2]);
            Assert.Equal(0x02, reply[3]);
            Assert.Equal(8, reply[4]);
            Assert.Equal("Connection refused.", ConnectNak.DecodeText(reply));
            channel.Close();
        }
        finally
        {
            server.Close();
            Transport.Uninitialize();
        }
    }

    private static (Channel Channel, ConnectAck Ack) Exchange(BindOptions bind, List<byte[]> records, int ripc, bool oneRecordPerInit = false)
    {
        Server server = Support.Loopback.Bind(bind);
        using var client = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        try
        {
            client.Connect("127.0.0.1", server.Port);
            Channel channel = AcceptOne(server);
            RipcVersion version = Array.Find(RipcVersion.All, v => v.Number == ripc)!;
            int requestRecords = oneRecordPerInit ? records.Count - (version.HasKeyExchange ? 1 : 0) : 1;
            for (int i = 0; i < requestRecords; i++)
            {
                client.Send(records[i]);
                if (oneRecordPerInit)
                    channel.Init();
            }
            RunInit(channel, until: c => c.State != ChannelState.Initializing || client.Poll(0, SelectMode.SelectRead));
            ConnectAck? ack = ConnectAck.Decode(ReceiveFrame(client), version, out _, out string error);
            Assert.True(ack is not null, error);
            if (version.HasKeyExchange)
                client.Send(records[^1]); // the ClientKey
            RunInit(channel, until: c => c.State != ChannelState.Initializing);
            return (channel, ack);
        }
        finally
        {
            server.Close();
            Transport.Uninitialize();
        }
    }

    private static Channel AcceptOne(Server server)
    {
        Assert.True(server.Socket.Poll((int)Support.Loopback.Deadline.TotalMicroseconds, SelectMode.SelectRead));
        return server.Accept() ?? throw new InvalidOperationException(server.Error.ToString());
    }

    private static void RunInit(Channel channel, Func<Channel, bool> until)
    {
        var clock = Stopwatch.StartNew();
        while (!until(channel))
        {
            if (clock.Elapsed > Support.Loopback.Deadline)
                throw new TimeoutException($"server Init: {channel.State} {channel.Error}");
            channel.Init();
            if (channel.State == ChannelState.Initializing)
                channel.Socket.Poll(1000, SelectMode.SelectRead);
        }
    }

    private static byte[] ReceiveFrame(Socket client)
    {
        client.ReceiveTimeout = (int)Support.Loopback.Deadline.TotalMilliseconds;
        var header = new byte[2];
        Assert.Equal(2, client.Receive(header));
        int length = (header[0] << 8) | header[1];
        var frame = new byte[length];
        header.CopyTo(frame, 0);
        for (int got = 2; got < length;)
            got += client.Receive(frame, got, length - got, SocketFlags.None);
        return frame;
    }
}
