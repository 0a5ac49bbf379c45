using System.Text;
using Eta.Transport.Compression;
using Xunit;

namespace Eta.Transport.Tests.Compression;

/// <summary>
/// Inflates the zlib payloads LSEG's Java transport wrote in the SocketChannelJunit vectors and compares
/// them with the plaintext each file states (or with its uncompressed twin). Files of one test run share
/// one zlib stream, so they are replayed in order through one decompressor.
/// </summary>
public sealed class ZlibReferenceVectorTests
{
    private const string Alphabet = "aaabbbcccdddeeefffggghhhiiijjjkkklllmmmnnnooopppqqqrrrssstttuuuvvvwwwxxxyyyzzz";

    [Fact]
    public void ThreeMessagesOfOneStreamEachInflateToTheStatedString()
    {
        var replay = Replay("Compressed1.txt", "Compressed2.txt", "Compressed3.txt");

        Assert.Equal(3, replay.Messages.Count);
        Assert.All(replay.Messages, message => Assert.Equal(Alphabet, Encoding.ASCII.GetString(message)));
    }

    [Fact]
    public void FirstMessageCarriesTheZlibHeaderAndEveryMessageEndsWithTheSyncFlushMarker()
    {
        string[] files = ["Compressed1.txt", "Compressed2.txt", "Compressed3.txt"];
        byte[][] payloads = files.Select(file => RipcFrame.Split(SocketDump.ReceivedBytes(file)).Single().Payload).ToArray();

        Assert.Equal(0x78, payloads[0][0]);
        Assert.NotEqual(0x78, payloads[1][0]);
        Assert.All(payloads, payload => Assert.Equal(new byte[] { 0, 0, 0xFF, 0xFF }, payload[^4..]));
    }

    [Fact]
    public void CompressedFragmentsOf7000BytesRejoinToTheCountingPattern()
    {
        var replay = Replay("FragmentedCompressed11.txt", "FragmentedCompressed12.txt");

        Assert.Equal(CountingPattern(7000), Assert.Single(replay.Messages));
    }

    [Fact]
    public void BoundaryMessagesOf6128And6129BytesShareOneStream()
    {
        var replay = Replay(
            "FragmentedCompressedBoundary11.txt", "FragmentedCompressedBoundary21.txt", "FragmentedCompressedBoundary22.txt");

        Assert.Equal(2, replay.Messages.Count);
        Assert.Equal(CountingPattern(6128), replay.Messages[0]);
        Assert.Equal(CountingPattern(6129), replay.Messages[1]);
    }

    [Theory]
    [InlineData("PackedCompressed1.txt", "Packed1.txt")]
    [InlineData("PackedCompressed2.txt", "Packed2.txt")]
    public void CompressedPackedBufferInflatesToThePackedPayloadSentUncompressed(string compressed, string plain)
    {
        // PackedCompressed2 continues PackedCompressed1's stream, so replay from the first file.
        string[] files = compressed == "PackedCompressed2.txt" ? ["PackedCompressed1.txt", compressed] : [compressed];
        byte[] expected = RipcFrame.Split(SocketDump.ReceivedBytes(plain)).Single().Payload;

        Assert.Equal(expected, Replay(files).Messages[^1]);
    }

    [Theory]
    [InlineData("CompressedFragmented.txt", 7160)]
    [InlineData("CompressedFragmented6131L0.txt", 6131)]
    [InlineData("CompressedFragmented6131L9.txt", 6131)]
    [InlineData("CompressedFragmented6144L0.txt", 6144)]
    [InlineData("CompressedFragmented6144L9.txt", 6144)]
    [InlineData("CompressedFragmented6145L0.txt", 6145)]
    [InlineData("CompressedFragmented6145L9.txt", 6145)]
    public void SessionCapturesAroundTheFragmentSizeInflateToTheCountingPattern(string file, int length)
    {
        Assert.Equal(CountingPattern(length), Assert.Single(Replay(file).Messages));
    }

    [Fact]
    public void TwoConsecutiveCompFragmentMessagesInOneSessionBothInflate()
    {
        var replay = Replay("CompressedFragmented6131L0X2.txt");

        Assert.Equal(2, replay.Messages.Count);
        Assert.All(replay.Messages, message => Assert.Equal(CountingPattern(6131), message));
    }

    [Fact]
    public void CompressedConsumerSessionInflatesToTheUncompressedSessionsMessages()
    {
        List<byte[]> compressed = Replay("CompressedConsumerMessages.txt").Messages;
        List<byte[]> plain = RipcFrame.Split(SocketDump.ReceivedBytes("UncompressedConsumerMessages.txt"))
            .Select(frame => frame.Payload).ToList();

        Assert.Equal(2, compressed.Count);
        Assert.Equal(plain, compressed);
    }

    private static CompressedFrameReplay Replay(params string[] files)
    {
        using var zlib = new ZlibCompressor(ZlibCompressor.DefaultLevel);
        var replay = new CompressedFrameReplay(zlib);
        foreach (string file in files)
            replay.Feed(RipcFrame.Split(SocketDump.ReceivedBytes(file)));
        return replay;
    }

    private static byte[] CountingPattern(int length) =>
        Enumerable.Range(0, length).Select(i => (byte)i).ToArray();
}
