using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Compression;

/// <summary>
/// End to end over loopback: a client and a server negotiate compression in the RIPC handshake, then
/// exchange a few thousand messages of mixed sizes and content (including ones above the maximum fragment
/// size, which travel as compressed fragments), and every one arrives intact, in order, in both directions.
/// </summary>
public sealed class CompressedLoopbackTests
{
    private const int MaxFragmentSize = 6144;
    private static readonly int[] s_sizes = [1, 29, 30, 31, 299, 300, 301, 1000, 4000, 6000, 6131, 6141, 6144, 6145, 9000, 20_000];

    [Theory]
    [InlineData(CompressionType.Zlib, 0)]
    [InlineData(CompressionType.Zlib, 1)]
    [InlineData(CompressionType.Zlib, 6)]
    [InlineData(CompressionType.Zlib, 9)]
    [InlineData(CompressionType.Lz4, 0)]
    public void ThousandsOfMixedMessagesArriveIntactBothWays(CompressionType type, int level)
    {
        using Support.Loopback pair = OpenCompressed(type, level);
        Assert.Equal(type, pair.Client.Info!.CompressionType);
        Assert.Equal(type, pair.ServerChannel.Info!.CompressionType);

        for (int i = 0; i < 2000; i++)
        {
            byte[] message = TestMessages.Mixed(s_sizes[i % s_sizes.Length], i);
            (Channel writer, Channel reader) = i % 3 == 2 ? (pair.ServerChannel, pair.Client) : (pair.Client, pair.ServerChannel);

            Assert.True(Support.Loopback.Send(writer, message) >= TransportReturnCode.Success, $"write {i}: {writer.Error}");
            Support.Loopback.FlushAll(writer);
            Assert.True(message.AsSpan().SequenceEqual(Support.Loopback.ReadMessage(reader)), $"message {i} ({message.Length} bytes) altered");
        }
    }

    [Theory]
    [InlineData(CompressionType.Zlib, 6)]
    [InlineData(CompressionType.Lz4, 0)]
    public void RepetitiveMessagesReallyTravelCompressed(CompressionType type, int level)
    {
        using Support.Loopback pair = OpenCompressed(type, level);
        byte[] message = TestMessages.Repetitive(5000, 1);
        var args = new WriteArgs();

        Assert.Equal(TransportReturnCode.Success, pair.Client.GetBuffer(message.Length, false, out TransportBuffer? buffer));
        message.CopyTo(buffer!.Data);
        buffer.Length = message.Length;
        Assert.True(pair.Client.Write(buffer, args) >= TransportReturnCode.Success, pair.Client.Error.ToString());
        Support.Loopback.FlushAll(pair.Client);

        Assert.Equal(message, Support.Loopback.ReadMessage(pair.ServerChannel));
        Assert.Equal(message.Length + 3, args.UncompressedBytesWritten);
        Assert.True(args.BytesWritten < message.Length * 3 / 4, $"{args.BytesWritten} bytes on the wire for {message.Length}");
    }

    private static Support.Loopback OpenCompressed(CompressionType type, int level) => Support.Loopback.Open(
        new BindOptions { CompressionType = type, CompressionLevel = level, MaxFragmentSize = MaxFragmentSize },
        new ConnectOptions { CompressionType = type });
}
