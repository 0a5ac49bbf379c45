using Eta.TestSupport;
using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using Eta.Transport.Ripc;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Vectors;

/// <summary>
/// LSEG's RipcHandshakeJunit client-side cases: our client receives the recorded ConnectAck/ConnectNak
/// (whole, split into single bytes, wrong version), and falls back from RIPC 14 when a server drops it.
/// </summary>
public sealed class HandshakeVectorClientTests
{
    [Theory]
    [InlineData("10_input_connectAck_Ripc14.txt")]
    [InlineData("20_input_connectAck_Ripc14_all_split.txt")]
    public void Client_becomes_active_on_the_recorded_ConnectAck(string file)
    {
        List<byte[]> reads = HexDump.Records(VectorFiles.Handshake(file));
        (Channel channel, ReplayStream stream) = ReplayClient.Open(reads, new ConnectOptions { ComponentVersion = "User Specified Client Version 5.43" });

        Assert.Equal("ETA Java Edition", channel.Info!.PeerComponentVersion);
        byte[] written = stream.Written;
        int requestLength = (written[0] << 8) | written[1];
        ConnectRequest? request = ConnectRequest.Decode(written.AsSpan(0, requestLength), RipcVersion.V14, out string error);
        Assert.True(request is not null, error);
        Assert.True(request.KeyExchange);
        Assert.Equal(60, request.PingTimeout);
        Assert.Equal(14, request.MajorVersion);
        Assert.Equal(1, request.MinorVersion);
        Assert.Equal("User Specified Client Version 5.43", request.ComponentVersion);
        Assert.True(ClientKey.Validate(written.AsSpan(requestLength), out error), error); // third leg follows
    }

    [Fact]
    public void Client_takes_zlib_from_the_recorded_ConnectAck()
    {
        List<byte[]> reads = HexDump.Records(VectorFiles.Handshake("110_input_connectAck_Ripc14_Zlib_compression.txt"));
        (Channel channel, ReplayStream stream) = ReplayClient.Open(reads, new ConnectOptions { CompressionType = CompressionType.Zlib });

        Assert.Equal(CompressionType.Zlib, channel.Info!.CompressionType);
        int requestLength = (stream.Written[0] << 8) | stream.Written[1];
        ConnectRequest? request = ConnectRequest.Decode(stream.Written.AsSpan(0, requestLength), RipcVersion.V14, out string error);
        Assert.True(request is not null, error);
        Assert.Equal(CompressionType.Zlib, request.Compression); // offered in the bitmap
    }

    [Fact]
    public void Client_rejects_a_ConnectAck_with_the_wrong_RIPC_version()
    {
        List<byte[]> reads = HexDump.Records(VectorFiles.Handshake("30_input_connectAck_with_wrong_ripcVersion.txt"));
        var stream = new ReplayStream(reads);
        Channel channel = Channel.ForClientStream(new ConnectOptions(), stream);

        TransportReturnCode result = channel.Init();

        Assert.Equal(TransportReturnCode.ChanInitRefused, result);
        Assert.Equal(ChannelState.Closed, channel.State);
        Assert.Contains("incorrect version", channel.Error.Text);
    }

    [Fact]
    public void Client_reports_the_ConnectNak_text()
    {
        List<byte[]> reads = HexDump.Records(VectorFiles.Handshake("50_input_connectNak_Ripc13.txt"));
        Channel channel = Channel.ForClientStream(new ConnectOptions(), new ReplayStream(reads));

        TransportReturnCode result = channel.Init();

        Assert.Equal(TransportReturnCode.ChanInitRefused, result);
        Assert.Contains("Error occurred during connection process", channel.Error.Text);
        Assert.Contains("Test Refused", channel.Error.Text);
    }

    [Theory]
    [InlineData(12, "40_input_connectAck_Ripc12.txt", 0)]
    [InlineData(11, "40_input_connectAck_Ripc11.txt", 0)]
    [InlineData(10, null, 0)]   // every version dropped: no protocol left
    [InlineData(11, null, 123)] // not RWF: RIPC 11 is never tried
    public async Task Client_falls_back_one_RIPC_version_per_dropped_connection(int acceptedVersion, string? ackFile, int protocolType)
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        int port = ((IPEndPoint)listener.LocalEndpoint).Port;
        byte[]? ack = ackFile is null ? null : HexDump.Records(VectorFiles.Handshake(ackFile))[0];
        var seenVersions = new List<int>();
        CancellationToken cancel = TestContext.Current.CancellationToken;
        Task server = Task.Run(async () =>
        {
            for (int version = 14; version >= 11; version--)
            {
                using Socket peer = await listener.AcceptSocketAsync(cancel);
                var request = new byte[512];
                int got = await peer.ReceiveAsync(request, cancel);
                seenVersions.Add((int)ConnectRequest.PeekVersion(request.AsSpan(0, got))!.Number);
                if (version == acceptedVersion && ack is not null)
                {
                    await peer.SendAsync(ack, cancel);
                    await peer.ReceiveAsync(request, cancel); // keep it open until the client is done
                    return;
                }
            }
        }, cancel);

        Transport.Initialize();
        try
        {
            Channel client = Transport.Connect(new ConnectOptions { Host = "127.0.0.1", Port = port, ProtocolType = protocolType }, out _)!;
            var info = new InProgressInfo();
            bool socketChanged = false;
            TransportReturnCode result = TransportReturnCode.ChanInitInProgress;
            var clock = Stopwatch.StartNew();
            while (result == TransportReturnCode.ChanInitInProgress && clock.Elapsed < Support.Loopback.Deadline)
            {
                result = client.Init(info);
                socketChanged |= (info.Flags & InProgressFlags.SocketChanged) != 0 && info.OldSocket is not null;
                if (result == TransportReturnCode.ChanInitInProgress)
                    client.Socket.Poll(10_000, SelectMode.SelectRead);
            }

            if (ack is not null)
            {
                Assert.Equal(TransportReturnCode.Success, result);
                Assert.Equal(acceptedVersion, client.Info!.RipcVersion);
                Assert.Equal(30, client.PingTimeout);
            }
            else
            {
                Assert.Equal(TransportReturnCode.Failure, result);
                Assert.Contains("no protocol left", client.Error.Text);
            }
            Assert.True(socketChanged);
            int lowestTried = ack is not null ? acceptedVersion : protocolType == 0 ? 11 : 12;
            int[] expectedVersions = Enumerable.Range(lowestTried, 15 - lowestTried).Reverse().ToArray(); // 14 down
            Assert.Equal(expectedVersions, seenVersions.ToArray());
            client.Close();
            listener.Stop();
            await Task.WhenAny(server, Task.Delay(Support.Loopback.Deadline, cancel));
        }
        finally
        {
            Transport.Uninitialize();
        }
    }
}
