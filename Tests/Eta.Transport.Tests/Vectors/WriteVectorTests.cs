using Eta.TestSupport;
using System.Text;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Vectors;

/// <summary>
/// Write-side recordings of LSEG's transport tests: the bytes our channel puts on the wire for the same
/// sequence of writes must equal theirs.
/// </summary>
public sealed class WriteVectorTests
{
    [Theory]
    [InlineData("Packed1.txt", "packed test #1", "packed test #2", "final packing test #3")]
    [InlineData("Packed2.txt", "packing2 test #1", "packing2 test #2", "packing3 final test #3")]
    public void Packed_buffer_goes_out_as_recorded(string file, string first, string second, string last)
    {
        byte[] recorded = HexDump.Records(VectorFiles.SocketChannel(file))[0];
        byte[] ack = HexDump.Records(VectorFiles.SocketChannel("010_just_ripc_handshake.txt"))[0];
        (Channel channel, ReplayStream stream) = ReplayClient.Open([ack]);
        stream.ClearWritten();

        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(6000, true, out TransportBuffer? buffer));
        foreach (string message in new[] { first, second })
        {
            buffer!.Length = Encoding.ASCII.GetBytes(message, buffer.Data);
            channel.PackBuffer(buffer);
        }
        buffer!.Length = Encoding.ASCII.GetBytes(last, buffer.Data);
        channel.Write(buffer);
        Assert.Equal(TransportReturnCode.Success, channel.Flush());

        Assert.Equal(Convert.ToHexString(recorded), Convert.ToHexString(stream.Written));
    }

    [Fact]
    public void Uncompressed_fragments_carry_LSEG_headers_and_ids()
    {
        byte[] ack = HexDump.Records(VectorFiles.SocketChannel("010_just_ripc_handshake.txt"))[0];
        (Channel channel, ReplayStream stream) = ReplayClient.Open([ack]);
        stream.ClearWritten();
        channel.GetBuffer(10_000, false, out TransportBuffer? buffer);
        buffer!.Length = 10_000;

        channel.Write(buffer);
        channel.Flush();

        byte[] wire = stream.Written;
        int first = (wire[0] << 8) | wire[1];
        Assert.Equal(6147, first);                              // fragment size + RIPC header
        Assert.Equal(new byte[] { 0x03, 0x08, 0x00, 0x00, 0x27, 0x10, 0x00, 0x01 }, wire[2..10]); // flags, ext, total 10000, id 1
        Assert.Equal(new byte[] { 0x03, 0x04, 0x00, 0x01 }, wire[(first + 2)..(first + 6)]);      // continuation of id 1
        Assert.Equal(wire.Length, first + ((wire[first] << 8) | wire[first + 1]));
    }

    [Fact]
    public void Compressed_fragments_of_7000_bytes_go_out_as_recorded()
    {
        (Channel channel, ReplayStream stream) = OpenZlibLevel0();

        WriteCountingPattern(channel, 7000);

        Assert.Equal(Hex("FragmentedCompressed11.txt", "FragmentedCompressed12.txt"), Convert.ToHexString(stream.Written));
    }

    [Fact]
    public void Compressed_messages_either_side_of_the_fragmenting_point_go_out_as_recorded()
    {
        (Channel channel, ReplayStream stream) = OpenZlibLevel0();

        WriteCountingPattern(channel, 6128); // the largest that fits one compressed frame
        Assert.Equal(Hex("FragmentedCompressedBoundary11.txt"), Convert.ToHexString(stream.Written));
        stream.ClearWritten();
        WriteCountingPattern(channel, 6129);

        // The recording's session had already used fragment id 1 (a message not in the recording); ours has
        // not, so its id is 1 where the recording has 2. Every other byte must match.
        string expected = Hex("FragmentedCompressedBoundary21.txt", "FragmentedCompressedBoundary22.txt");
        int secondFrame = 2 * 6141;
        expected = expected[..18] + "01" + expected[20..(secondFrame + 10)] + "01" + expected[(secondFrame + 12)..];
        Assert.Equal(expected, Convert.ToHexString(stream.Written));
    }

    [Fact]
    public void A_compressed_message_split_into_fragments_needs_no_second_pool_buffer()
    {
        // 6140 bytes fit one buffer but not one compressed frame, so it goes out as fragments; with a single
        // guaranteed buffer (held by the message itself) the fragments must not wait for the pool.
        (Channel channel, ReplayStream stream) = OpenZlibLevel0(guaranteedBuffers: 1);

        WriteCountingPattern(channel, 6140);

        List<(int Length, byte Flags, byte Extended)> frames = [];
        for (int at = 0; at < stream.Written.Length; at += frames[^1].Length)
            frames.Add(((stream.Written[at] << 8) | stream.Written[at + 1], stream.Written[at + 2], stream.Written[at + 3]));
        Assert.Equal([(0x05, 0x08), (0x05, 0x04)], frames.Select(f => (f.Flags, f.Extended)));
        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(10, false, out TransportBuffer? again)); // the pool got its buffer back
        channel.ReleaseBuffer(again!);
    }

    /// <summary>A client whose ConnectAck negotiated zlib at level 0, the level of LSEG's write recordings.</summary>
    private static (Channel, ReplayStream) OpenZlibLevel0(int guaranteedBuffers = 50)
    {
        var ack = new byte[256];
        int length = new Ripc.ConnectAck
        {
            Version = Ripc.RipcVersion.V14, MaxUserMessageSize = 6144, PingTimeout = 60, MajorVersion = 14, MinorVersion = 1,
            Compression = CompressionType.Zlib, CompressionLevel = 0,
            KeyType = Ripc.KeyExchange.Type64, KeyModulus = 1_000_003, KeyGenerator = 5, ServerPublicKey = 7,
        }.Encode(ack, includeKeyExchange: true);
        (Channel channel, ReplayStream stream) = ReplayClient.Open([ack[..length]],
            new ConnectOptions { CompressionType = CompressionType.Zlib, GuaranteedOutputBuffers = guaranteedBuffers });
        Assert.Equal(CompressionType.Zlib, channel.Info!.CompressionType);
        stream.ClearWritten();
        return (channel, stream);
    }

    /// <summary>Writes a message of bytes 00 01 02 ... (wrapping), the payload of LSEG's recordings, and flushes.</summary>
    private static void WriteCountingPattern(Channel channel, int length)
    {
        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(length, false, out TransportBuffer? buffer));
        for (int i = 0; i < length; i++)
            buffer!.Data[i] = (byte)i;
        buffer!.Length = length;
        Assert.True(channel.Write(buffer) >= TransportReturnCode.Success, channel.Error.ToString());
        Assert.Equal(TransportReturnCode.Success, channel.Flush());
    }

    private static string Hex(params string[] files) =>
        string.Concat(files.Select(file => Convert.ToHexString(HexDump.Records(VectorFiles.SocketChannel(file))[0])));
}
