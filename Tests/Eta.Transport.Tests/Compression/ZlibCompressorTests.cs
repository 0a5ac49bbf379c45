using Eta.Transport.Compression;
using Xunit;

namespace Eta.Transport.Tests.Compression;

public sealed class ZlibCompressorTests
{
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(5)]
    [InlineData(6)]
    [InlineData(9)]
    public void MessagesOfManySizesSurviveTheRoundTripAtEveryLevel(int level)
    {
        using var pair = new CompressorPair(CompressionType.Zlib, level, 70_000);
        foreach (int length in new[] { 0, 1, 29, 30, 300, 6131, 6144, 6145, 65_535, 70_000 })
            pair.AssertRoundTrip(TestMessages.Mixed(length, length), $"level {level}, {length} bytes");
    }

    [Fact]
    public void ThousandsOfMessagesThroughOneStreamPairKeepTheirOrderAndContent()
    {
        using var pair = new CompressorPair(CompressionType.Zlib, 6, 8192);
        for (int i = 0; i < 3000; i++)
            pair.AssertRoundTrip(TestMessages.Mixed(30 + (i * 37) % 8000, i), $"message {i}");
    }

    [Fact]
    public void OnlyTheFirstMessageCarriesTheZlibHeaderAndEachEndsWithTheSyncFlushMarker()
    {
        using var pair = new CompressorPair(CompressionType.Zlib, 6, 1000);
        byte[] message = TestMessages.Repetitive(500, 1);

        byte[] first = pair.Compress(message).ToArray();
        byte[] second = pair.Compress(message).ToArray();

        Assert.Equal(0x78, first[0]);
        Assert.True(second.Length < first.Length, "the second message should refer back into the shared window");
        Assert.Equal(new byte[] { 0, 0, 0xFF, 0xFF }, first[^4..]);
        Assert.Equal(new byte[] { 0, 0, 0xFF, 0xFF }, second[^4..]);
    }

    [Fact]
    public void LevelZeroStoresTheBytes()
    {
        using var pair = new CompressorPair(CompressionType.Zlib, 0, 1000);
        byte[] message = TestMessages.Repetitive(1000, 1);

        ReadOnlySpan<byte> compressed = pair.Compress(message);

        // 78 01 header, stored block header (5), the bytes, sync marker (5).
        Assert.Equal(0x01, compressed[1]);
        Assert.True(compressed.Length >= message.Length + 2 + 5 + 5);
    }

    [Fact]
    public void MaxCompressedLengthHoldsForIncompressibleInputAtEveryLevel()
    {
        for (int level = ZlibCompressor.MinLevel; level <= ZlibCompressor.MaxLevel; level++)
        {
            using var zlib = new ZlibCompressor(level);
            foreach (int length in new[] { 1, 2, 7, 30, 100, 1000, 2047, 2049, 6131, 6144, 16_384, 65_535, 65_536, 65_537, 200_000 })
            {
                byte[] input = TestMessages.Random(length, level);
                var output = new byte[zlib.MaxCompressedLength(length)];

                Assert.InRange(zlib.Compress(input, output), 1, output.Length); // throws if the bound were too small
            }
        }
    }

    [Fact]
    public void CorruptInputIsRejectedAndTheStreamStaysRejected()
    {
        using var pair = new CompressorPair(CompressionType.Zlib, 6, 1000);
        byte[] compressed = pair.Compress(TestMessages.Repetitive(800, 3)).ToArray();
        compressed[0] = 0x00; // not a zlib header
        var output = new byte[1000];

        Assert.False(pair.Receiver.TryDecompress(compressed, output, out int written));
        Assert.Equal(0, written);
        Assert.False(pair.Receiver.TryDecompress(pair.Compress(TestMessages.Repetitive(800, 3)), output, out _));
    }

    [Fact]
    public void GarbageNeverThrows()
    {
        var random = new Random(42);
        var output = new byte[8192];
        for (int i = 0; i < 2000; i++)
        {
            using var zlib = new ZlibCompressor(6);
            byte[] garbage = TestMessages.Random(1 + random.Next(300), i);
            if (i % 2 == 0)
                garbage[0] = 0x78; // get past the header check now and then

            zlib.TryDecompress(garbage, output, out int written); // any verdict, but no exception
            Assert.InRange(written, 0, output.Length);
        }
    }

    [Fact]
    public void OutputTooSmallForTheMessageIsRejected()
    {
        using var pair = new CompressorPair(CompressionType.Zlib, 6, 1000);
        ReadOnlySpan<byte> compressed = pair.Compress(TestMessages.Repetitive(1000, 5));

        Assert.False(pair.Receiver.TryDecompress(compressed, new byte[999], out _));
    }

    [Fact]
    public void OutputSizedExactlyForTheMessageIsEnough()
    {
        using var pair = new CompressorPair(CompressionType.Zlib, 6, 1000);
        byte[] message = TestMessages.Repetitive(1000, 5);
        var output = new byte[1000];

        Assert.True(pair.Receiver.TryDecompress(pair.Compress(message), output, out int written));
        Assert.Equal(message, output[..written]);
    }

    [Fact]
    public void OutputBelowTheBoundIsMisuse()
    {
        using var zlib = new ZlibCompressor(6);

        Assert.Throws<ArgumentException>(() => zlib.Compress(new byte[100], new byte[100]));
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(10)]
    public void LevelsOutsideZeroToNineAreRefused(int level)
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new ZlibCompressor(level));
    }
}
