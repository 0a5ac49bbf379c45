using System.Text;
using Eta.Transport.Tests.Tls;
using Eta.Transport.WebSocket;
using Xunit;

namespace Eta.Transport.Tests.WebSocket;

/// <summary>WebSocket channels end to end over loopback: rssl.rwf (RIPC inside binary frames) and tr_json2 (text messages).</summary>
public sealed class WebSocketLoopbackTests
{
    private static readonly BindOptions s_bind = new() { WebSocketProtocols = "tr_json2 rssl.rwf" };

    [Fact]
    public void Rwf_channel_negotiates_and_carries_small_large_and_packed_messages()
    {
        using var pair = Support.Loopback.Open(s_bind, new ConnectOptions { ConnectionType = ConnectionType.WebSocket, WebSocketProtocols = "rssl.rwf" });

        Assert.Equal(SubProtocols.Rwf, pair.Client.WebSocketProtocol);
        Assert.Equal(SubProtocols.Rwf, pair.ServerChannel.WebSocketProtocol);
        Assert.Equal(SubProtocols.RwfProtocolType, pair.ServerChannel.ProtocolType);
        Assert.Equal(14, pair.Client.Info!.RipcVersion); // the RIPC handshake ran inside the WebSocket
        RoundTrip(pair, 76);
        RoundTrip(pair, 6_000);
        RoundTrip(pair, 100_000); // RIPC fragments, each in its own WebSocket frame
        SendPacked(pair.ServerChannel, "a", "bb", "ccc");
        Support.Loopback.FlushAll(pair.ServerChannel);
        Assert.Equal("a", Encoding.ASCII.GetString(Support.Loopback.ReadMessage(pair.Client)));
        Assert.Equal("bb", Encoding.ASCII.GetString(Support.Loopback.ReadMessage(pair.Client)));
        Assert.Equal("ccc", Encoding.ASCII.GetString(Support.Loopback.ReadMessage(pair.Client)));
    }

    [Fact]
    public void Rwf_inside_a_WebSocket_carries_protocol_type_RWF_whatever_the_application_asked()
    {
        // LSEG's transport puts the sub-protocol's type (RWF, 0) in the ConnectReq and its server NAKs any other:
        // TransportPerf's 88 on both sides still connects, as LSEG's TransportPerf does over WebSocket.
        using var pair = Support.Loopback.Open(s_bind with { ProtocolType = 88 },
            new ConnectOptions { ConnectionType = ConnectionType.WebSocket, WebSocketProtocols = "rssl.rwf", ProtocolType = 88 });

        Assert.Equal(SubProtocols.RwfProtocolType, pair.Client.ProtocolType);
        Assert.Equal(SubProtocols.RwfProtocolType, pair.ServerChannel.ProtocolType);
    }

    [Theory]
    [InlineData("rssl.rwf")]
    [InlineData("tr_json2")]
    public void Heavy_traffic_both_ways_under_back_pressure_arrives_whole_and_in_order(string protocol)
    {
        using var pair = Support.Loopback.Open(s_bind with { SysSendBufSize = 8192 },
            new ConnectOptions { ConnectionType = ConnectionType.WebSocket, WebSocketProtocols = protocol, SysRecvBufSize = 8192, GuaranteedOutputBuffers = 500 });
        const int count = 20_000;
        int sent = 0, received = 0, clientSent = 0, serverReceived = 0;
        var clock = System.Diagnostics.Stopwatch.StartNew();
        while (received < count || serverReceived < count)
        {
            Assert.True(clock.Elapsed < Support.Loopback.Deadline, $"stalled: server sent {sent}, client read {received}, client sent {clientSent}, server read {serverReceived}");
            for (int i = 0; i < 50 && sent < count; i++)
            {
                if (pair.ServerChannel.GetBuffer(200, false, out TransportBuffer? buffer) != TransportReturnCode.Success)
                    break;
                FillNumbered(buffer!, sent++, 150 + sent % 50);
                Assert.True(pair.ServerChannel.Write(buffer!) >= TransportReturnCode.Success, pair.ServerChannel.Error.ToString());
            }
            for (int i = 0; i < 50 && clientSent < count; i++)
            {
                if (pair.Client.GetBuffer(100, false, out TransportBuffer? buffer) != TransportReturnCode.Success)
                    break;
                FillNumbered(buffer!, clientSent++, 40 + clientSent % 60);
                Assert.True(pair.Client.Write(buffer!) >= TransportReturnCode.Success, pair.Client.Error.ToString());
            }
            pair.ServerChannel.Flush();
            pair.Client.Flush();
            received = Drain(pair.Client, received);
            serverReceived = Drain(pair.ServerChannel, serverReceived);
        }
    }

    private static void FillNumbered(TransportBuffer buffer, int number, int length)
    {
        Span<byte> data = buffer.Data[..length];
        data.Fill((byte)'a');
        System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(data, number);
        buffer.Length = length;
    }

    private static int Drain(Channel channel, int expected)
    {
        TransportReturnCode rc;
        do
        {
            rc = channel.Read(out TransportBuffer? message);
            if (message is not null)
            {
                Assert.Equal(expected, System.Buffers.Binary.BinaryPrimitives.ReadInt32BigEndian(message.Contents));
                expected++;
            }
            Assert.True(rc >= TransportReturnCode.Success || rc is TransportReturnCode.ReadWouldBlock or TransportReturnCode.ReadPing, $"Read: {rc} {channel.Error}");
        }
        while (rc > TransportReturnCode.Success);
        return expected;
    }

    [Fact]
    public void Server_picks_the_first_of_its_own_list_that_the_client_offers()
    {
        using var pair = Support.Loopback.Open(s_bind, new ConnectOptions { ConnectionType = ConnectionType.WebSocket, WebSocketProtocols = "rssl.rwf, tr_json2" });

        Assert.Equal(SubProtocols.Json2, pair.Client.WebSocketProtocol);
        Assert.Equal(SubProtocols.JsonProtocolType, pair.Client.ProtocolType);
        Assert.Equal(SubProtocols.JsonProtocolType, pair.ServerChannel.ProtocolType);
    }

    [Fact]
    public void Json_channel_carries_one_message_per_buffer_and_packs_into_an_array()
    {
        using var pair = Support.Loopback.Open(s_bind, new ConnectOptions { ConnectionType = ConnectionType.WebSocket, WebSocketProtocols = "tr_json2" });

        string small = "{\"ID\":2,\"Type\":\"Refresh\"}";
        Support.Loopback.Send(pair.Client, Encoding.UTF8.GetBytes(small));
        Support.Loopback.FlushAll(pair.Client);
        Assert.Equal(small, Encoding.UTF8.GetString(Support.Loopback.ReadMessage(pair.ServerChannel)));

        string large = "{\"Key\":\"" + new string('x', 20_000) + "\"}"; // over the fragment size: a fragmented WebSocket message
        Support.Loopback.Send(pair.ServerChannel, Encoding.UTF8.GetBytes(large));
        Assert.Equal(large, Encoding.UTF8.GetString(Support.Loopback.ReadMessage(pair.Client, writer: pair.ServerChannel)));

        SendPacked(pair.ServerChannel, "{\"ID\":5}", "[{\"ID\":6},{\"ID\":7}]");
        Support.Loopback.FlushAll(pair.ServerChannel);
        Assert.Equal("[{\"ID\":5},{\"ID\":6},{\"ID\":7}]", Encoding.UTF8.GetString(Support.Loopback.ReadMessage(pair.Client)));
    }

    [Fact]
    public void Json_ping_is_LSEG_s_ping_message()
    {
        using var pair = Support.Loopback.Open(s_bind, new ConnectOptions { ConnectionType = ConnectionType.WebSocket, WebSocketProtocols = "tr_json2" });

        Assert.True(pair.Client.Ping() >= TransportReturnCode.Success);
        Support.Loopback.FlushAll(pair.Client);
        Assert.Equal("[{\"Type\":\"Ping\"}]", Encoding.UTF8.GetString(Support.Loopback.ReadMessage(pair.ServerChannel)));
    }

    [Fact]
    public void Rwf_over_tls()
    {
        using var certificate = new TestCertificateFiles();
        using var pair = Support.Loopback.Open(
            s_bind with
            {
                ConnectionType = ConnectionType.Encrypted,
                Tls = new ServerTlsOptions { CertificateFile = certificate.CertificateFile, PrivateKeyFile = certificate.KeyFile },
            },
            new ConnectOptions
            {
                ConnectionType = ConnectionType.Encrypted,
                EncryptedProtocol = ConnectionType.WebSocket,
                WebSocketProtocols = "rssl.rwf",
                Tls = new ClientTlsOptions { TargetHost = "localhost", TrustedCaFile = certificate.CertificateFile },
            });

        Assert.Equal(SubProtocols.Rwf, pair.Client.WebSocketProtocol);
        RoundTrip(pair, 50_000);
    }

    private static void SendPacked(Channel channel, params string[] messages)
    {
        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(2_000, true, out TransportBuffer? packed));
        foreach (string message in messages)
        {
            packed!.Length = Encoding.UTF8.GetBytes(message, packed.Data);
            channel.PackBuffer(packed);
        }
        Assert.True(channel.Write(packed!) >= TransportReturnCode.Success, channel.Error.ToString());
    }

    private static void RoundTrip(Support.Loopback pair, int size)
    {
        byte[] payload = Enumerable.Range(0, size).Select(i => (byte)(i * 7 + size)).ToArray();
        Support.Loopback.Send(pair.Client, payload);
        Assert.Equal(payload, Support.Loopback.ReadMessage(pair.ServerChannel, writer: pair.Client));
        Support.Loopback.Send(pair.ServerChannel, payload);
        Assert.Equal(payload, Support.Loopback.ReadMessage(pair.Client, writer: pair.ServerChannel));
    }
}
