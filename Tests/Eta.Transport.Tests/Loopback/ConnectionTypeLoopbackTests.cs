using Eta.Transport.Tests.Proxy;
using Eta.Transport.Tests.Support;
using Eta.Transport.Tests.Tls;
using Xunit;

namespace Eta.Transport.Tests.Loopback;

/// <summary>End-to-end channels over TLS, through an HTTP CONNECT proxy, and with zlib or lz4 compression.</summary>
public sealed class ConnectionTypeLoopbackTests
{
    [Fact]
    public void Encrypted_channel_handshakes_and_carries_messages()
    {
        using var certificate = new TestCertificateFiles();
        using var pair = Support.Loopback.OpenEncrypted(certificate, certificate.CertificateFile);

        RoundTrip(pair, 76);
        RoundTrip(pair, 50_000);
    }

    [Fact]
    public void Client_connects_through_an_HTTP_CONNECT_proxy_with_credentials()
    {
        using var proxy = new TestConnectProxy(TestConnectProxy.RequiringBasic("user", "secret"));
        using var pair = Support.Loopback.Open(connect: new ConnectOptions
        {
            Proxy = new ProxyOptions { Host = "127.0.0.1", Port = proxy.Port, UserName = "user", Password = "secret" },
        });

        Assert.StartsWith("CONNECT 127.0.0.1:", proxy.Request);
        RoundTrip(pair, 500);
    }

    [Theory]
    [InlineData(CompressionType.Zlib)]
    [InlineData(CompressionType.Lz4)]
    public void Compressed_channel_carries_small_large_and_packed_messages(CompressionType type)
    {
        using var pair = Support.Loopback.Open(
            new BindOptions { CompressionType = type, CompressionLevel = 6 },
            new ConnectOptions { CompressionType = type });
        Assert.Equal(type, pair.Client.Info!.CompressionType);

        RoundTrip(pair, 10);       // below the threshold: sent plain
        RoundTrip(pair, 1_000);
        RoundTrip(pair, 6_144);    // may outgrow one frame once compressed
        RoundTrip(pair, 6_144, incompressible: true); // does outgrow it: sent as two frames (COMP_FRAGMENT)
        RoundTrip(pair, 100_000);  // fragmented, each fragment compressed
        pair.Client.GetBuffer(2_000, true, out TransportBuffer? packed);
        for (int i = 0; i < 5; i++)
        {
            packed!.Data[..300].Fill((byte)i);
            packed.Length = 300;
            pair.Client.PackBuffer(packed);
        }
        pair.Client.Write(packed!);
        Support.Loopback.FlushAll(pair.Client);
        for (int i = 0; i < 5; i++)
            Assert.Equal(Enumerable.Repeat((byte)i, 300), Support.Loopback.ReadMessage(pair.ServerChannel));
    }

    [Fact]
    public void Only_the_first_compressed_priority_is_compressed_so_order_survives_reordering()
    {
        using var pair = Support.Loopback.Open(new BindOptions { CompressionType = CompressionType.Zlib }, new ConnectOptions { CompressionType = CompressionType.Zlib });
        pair.Client.IOCtl(IOCtlCode.HighWaterMark, 1_000_000);
        byte[] low = Enumerable.Repeat((byte)'L', 200).ToArray(), high = Enumerable.Repeat((byte)'H', 200).ToArray();
        Support.Loopback.Send(pair.Client, low, WritePriority.Low);
        Support.Loopback.Send(pair.Client, high, WritePriority.High);
        Support.Loopback.Send(pair.Client, low, WritePriority.Low);
        Support.Loopback.FlushAll(pair.Client);

        Assert.Equal(high, Support.Loopback.ReadMessage(pair.ServerChannel));
        Assert.Equal(low, Support.Loopback.ReadMessage(pair.ServerChannel));
        Assert.Equal(low, Support.Loopback.ReadMessage(pair.ServerChannel));
    }

    private static void RoundTrip(Support.Loopback pair, int size, bool incompressible = false)
    {
        byte[] payload = Enumerable.Range(0, size).Select(i => (byte)(i * 7 + size)).ToArray();
        if (incompressible)
            new Random(size).NextBytes(payload);
        Assert.Equal(TransportReturnCode.Success, pair.Client.GetBuffer(size, false, out TransportBuffer? buffer));
        payload.CopyTo(buffer!.Data);
        buffer.Length = size;
        Assert.True(pair.Client.Write(buffer) >= TransportReturnCode.Success, pair.Client.Error.ToString());
        Assert.Equal(payload, Support.Loopback.ReadMessage(pair.ServerChannel, writer: pair.Client));

        Assert.Equal(TransportReturnCode.Success, pair.ServerChannel.GetBuffer(size, false, out buffer));
        payload.CopyTo(buffer!.Data);
        buffer.Length = size;
        Assert.True(pair.ServerChannel.Write(buffer) >= TransportReturnCode.Success, pair.ServerChannel.Error.ToString());
        Assert.Equal(payload, Support.Loopback.ReadMessage(pair.Client, writer: pair.ServerChannel));
    }
}
