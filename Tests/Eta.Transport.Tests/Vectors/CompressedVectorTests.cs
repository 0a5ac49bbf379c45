using Eta.TestSupport;
using System.Text;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Vectors;

/// <summary>
/// LSEG's compressed SocketChannelJunit recordings read through our channel (zlib negotiated by the recorded
/// ConnectAck): compressed, packed-compressed, COMP_FRAGMENT pairs and compressed fragments must give
/// exactly the messages of the matching uncompressed recording.
/// </summary>
public sealed class CompressedVectorTests
{
    public static TheoryData<string, string, int> SessionPairs => new()
    {
        { "CompressedFragmented.txt", "Fragmented.txt", 1 },
        { "CompressedFragmented6131L0.txt", "Fragmented6131.txt", 1 },
        { "CompressedFragmented6131L9.txt", "Fragmented6131.txt", 1 },
        { "CompressedFragmented6131L0X2.txt", "Fragmented6131.txt", 2 },
        { "CompressedFragmented6144L0.txt", "Fragmented6144.txt", 1 },
        { "CompressedFragmented6144L9.txt", "Fragmented6144.txt", 1 },
        { "CompressedFragmented6145L0.txt", "Fragmented6145.txt", 1 },
        { "CompressedFragmented6145L9.txt", "Fragmented6145.txt", 1 },
        { "CompressedPacked.txt", "Packed.txt", 1 },
        { "CompressedConsumerMessages.txt", "UncompressedConsumerMessages.txt", 1 },
    };

    [Theory]
    [MemberData(nameof(SessionPairs))]
    public void Compressed_session_reads_as_its_uncompressed_twin(string input, string expected, int repeat)
    {
        List<byte[]> reads = HexDump.Records(VectorFiles.SocketChannel(input));
        List<byte[]> expectedMessages = HexDump.Messages(VectorFiles.SocketChannel(expected)).Skip(1).ToList();
        expectedMessages = Enumerable.Repeat(expectedMessages, repeat).SelectMany(m => m).ToList();

        List<byte[]> messages = ReadAfterZlibHandshake(reads[0], reads.Skip(1));

        Assert.Equal(expectedMessages.Count, messages.Count);
        for (int i = 0; i < messages.Count; i++)
            Assert.True(expectedMessages[i].AsSpan().SequenceEqual(messages[i]), $"message {i} differs");
    }

    [Fact]
    public void Three_messages_of_one_zlib_stream_read_as_the_alphabet_string()
    {
        List<byte[]> frames = new[] { "Compressed1.txt", "Compressed2.txt", "Compressed3.txt" }
            .Select(f => HexDump.Records(VectorFiles.SocketChannel(f))[0]).ToList();

        List<byte[]> messages = ReadAfterZlibHandshake(ZlibAck(), frames);

        Assert.Equal(3, messages.Count);
        Assert.All(messages, m => Assert.Equal("aaabbbcccdddeeefffggghhhiiijjjkkklllmmmnnnooopppqqqrrrssstttuuuvvvwwwxxxyyyzzz", Encoding.ASCII.GetString(m)));
    }

    [Fact]
    public void Packed_compressed_buffers_unpack_into_their_messages()
    {
        List<byte[]> frames = new[] { "PackedCompressed1.txt", "PackedCompressed2.txt" }
            .Select(f => HexDump.Records(VectorFiles.SocketChannel(f))[0]).ToList();

        string[] messages = ReadAfterZlibHandshake(ZlibAck(), frames).Select(m => Encoding.ASCII.GetString(m)).ToArray();

        Assert.Equal(["packed test #1", "packed test #2", "final packing test #3", "packing2 test #1", "packing2 test #2", "packing3 final test #3"], messages);
    }

    [Theory]
    [InlineData(new[] { "FragmentedCompressed11.txt", "FragmentedCompressed12.txt" }, new[] { 7000 })]
    [InlineData(new[] { "FragmentedCompressedBoundary11.txt", "FragmentedCompressedBoundary21.txt", "FragmentedCompressedBoundary22.txt" }, new[] { 6128, 6129 })]
    public void Compressed_fragments_rejoin_across_one_stream(string[] files, int[] lengths)
    {
        List<byte[]> frames = files.Select(f => HexDump.Records(VectorFiles.SocketChannel(f))[0]).ToList();

        List<byte[]> messages = ReadAfterZlibHandshake(ZlibAck(), frames);

        Assert.Equal(lengths.Length, messages.Count);
        for (int i = 0; i < lengths.Length; i++)
            Assert.Equal(Enumerable.Range(0, lengths[i]).Select(b => (byte)b).ToArray(), messages[i]);
    }

    [Fact]
    public void Our_zlib_writes_read_back_through_our_reader()
    {
        byte[] ack = ZlibAck();
        (Channel writer, ReplayStream wire) = ReplayClient.Open([ack], new ConnectOptions { CompressionType = CompressionType.Zlib });
        wire.ClearWritten();
        byte[][] sent = [Encoding.ASCII.GetBytes(new string('x', 100)), new byte[29], Enumerable.Range(0, 6144).Select(i => (byte)(i * 31)).ToArray(),
                         Enumerable.Range(0, 20_000).Select(i => (byte)(i * 13)).ToArray()];
        foreach (byte[] message in sent)
        {
            writer.GetBuffer(message.Length, false, out TransportBuffer? buffer);
            message.CopyTo(buffer!.Data);
            buffer.Length = message.Length;
            Assert.True(writer.Write(buffer) >= TransportReturnCode.Success);
        }
        Assert.Equal(TransportReturnCode.Success, writer.Flush());

        List<byte[]> messages = ReadAfterZlibHandshake(ack, [wire.Written]);

        Assert.Equal(sent.Length, messages.Count);
        for (int i = 0; i < sent.Length; i++)
            Assert.Equal(sent[i], messages[i]);
    }

    private static byte[] ZlibAck() => HexDump.Records(VectorFiles.SocketChannel("CompressedPacked.txt"))[0];

    private static List<byte[]> ReadAfterZlibHandshake(byte[] ack, IEnumerable<byte[]> reads)
    {
        (Channel channel, ReplayStream stream) = ReplayClient.Open([ack], new ConnectOptions { CompressionType = CompressionType.Zlib });
        Assert.Equal(CompressionType.Zlib, channel.Info!.CompressionType);
        foreach (byte[] read in reads)
            stream.Enqueue(read);
        return ReplayClient.ReadAll(channel, stream);
    }
}
