using Eta.Transport.Compression;
using Xunit;

namespace Eta.Transport.Tests.Compression;

public sealed class Lz4CompressorTests
{
    [Fact]
    public void MessagesOfManySizesSurviveTheRoundTrip()
    {
        using var pair = new CompressorPair(CompressionType.Lz4, 0, 70_000);
        foreach (int length in new[] { 1, 299, 300, 6131, 6144, 6145, 65_535, 70_000 })
            pair.AssertRoundTrip(TestMessages.Mixed(length, length), $"{length} bytes");
    }

    [Fact]
    public void EachMessageIsAnIndependentBlock()
    {
        using var pair = new CompressorPair(CompressionType.Lz4, 0, 2000);
        byte[] message = TestMessages.Repetitive(2000, 9);
        byte[] first = pair.Compress(message).ToArray();
        byte[] second = pair.Compress(message).ToArray();
        using var freshReceiver = new Lz4Compressor();
        var output = new byte[2000];

        Assert.Equal(first, second); // no state carried between messages
        Assert.True(freshReceiver.TryDecompress(second, output, out int written));
        Assert.Equal(message, output[..written]);
    }

    [Fact]
    public void LevelIsIgnored()
    {
        using var level1 = new CompressorPair(CompressionType.Lz4, 1, 1000);
        using var level9 = new CompressorPair(CompressionType.Lz4, 9, 1000);
        byte[] message = TestMessages.Repetitive(1000, 2);

        Assert.Equal(level1.Compress(message).ToArray(), level9.Compress(message).ToArray());
    }

    [Fact]
    public void MaxCompressedLengthHoldsForIncompressibleInput()
    {
        using var lz4 = new Lz4Compressor();
        foreach (int length in new[] { 1, 100, 6144, 65_536, 200_000 })
        {
            var output = new byte[lz4.MaxCompressedLength(length)];

            Assert.InRange(lz4.Compress(TestMessages.Random(length, length), output), 1, output.Length);
        }
    }

    [Fact]
    public void CorruptTruncatedOrOversizedInputIsRejected()
    {
        using var pair = new CompressorPair(CompressionType.Lz4, 0, 1000);
        byte[] compressed = pair.Compress(TestMessages.Repetitive(1000, 4)).ToArray();
        var output = new byte[1000];

        Assert.False(pair.Receiver.TryDecompress(compressed[..^3], output, out _));
        Assert.False(pair.Receiver.TryDecompress(compressed, new byte[999], out _));
        Assert.False(pair.Receiver.TryDecompress([], output, out _));
        Assert.False(pair.Receiver.TryDecompress([0xF0, 0xFF, 0xFF, 0xFF], output, out _));
        Assert.True(pair.Receiver.TryDecompress(compressed, output, out int written)); // stateless: still fine
        Assert.Equal(1000, written);
    }

    [Fact]
    public void GarbageNeverThrows()
    {
        using var lz4 = new Lz4Compressor();
        var output = new byte[8192];
        for (int i = 0; i < 20_000; i++)
        {
            byte[] garbage = TestMessages.Random(1 + i % 300, i);

            lz4.TryDecompress(garbage, output, out int written);
            Assert.InRange(written, 0, output.Length);
        }
    }
}
