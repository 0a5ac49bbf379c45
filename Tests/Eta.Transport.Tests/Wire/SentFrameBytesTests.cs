using System.Buffers.Binary;
using Eta.Transport.Ripc;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Wire;

/// <summary>
/// The bytes of each RIPC frame we send, pinned against what LSEG's C transport (the core of ADS and ADH) writes
/// and what its reader checks (RTSDK 2.1.2, Cpp-C/Eta/Impl/Transport/rsslSocketTransportImpl.c: the writers
/// ipcIntWrtHeader and ipcWriteSession, the reader ipcReadSession, the handshake readers ipcProcessHdr, ipcWaitAck
/// and ipcWaitClientKey). CSharp/Eta.Transport/README.md has the table these tests check. Each frame is also read
/// back by our own reader, which is as strict as LSEG C's.
/// </summary>
public sealed class SentFrameBytesTests
{
    /// <summary>
    /// LSEG C's ipcIntWrtHeader writes a ping as length = dataHeaderLen (3) and flags IPC_DATA (0x02); its reader
    /// (ipcReadSession) fails any frame without IPC_DATA, IPC_COMP_DATA or IPC_EXTENDED_FLAGS with
    /// "1007 Invalid Message Opcode", so a ping of 00 03 01 closes the channel at the first ping.
    /// </summary>
    [Fact]
    public void Ping_is_a_header_only_data_frame()
    {
        (Channel channel, ReplayStream stream) = OpenClient();

        Assert.Equal(TransportReturnCode.Success, channel.Ping());

        Assert.Equal("000302", Convert.ToHexString(stream.Written));
        Assert.Equal(TransportReturnCode.ReadPing, ReadBack(stream.Written, CompressionType.None, out _));
    }

    /// <summary>ipcWriteSession: hdr[2] = flags | IPC_DATA, the length counting the 3-byte header.</summary>
    [Fact]
    public void Data_frame_is_length_0x02_payload()
    {
        (Channel channel, ReplayStream stream) = OpenClient();

        Write(channel, "hello"u8);

        Assert.Equal("0008" + "02" + Convert.ToHexString("hello"u8), Convert.ToHexString(stream.Written));
        AssertReadsBack(stream.Written, CompressionType.None, "hello"u8.ToArray());
    }

    /// <summary>
    /// ipcWriteSession sets IPC_PACKING (0x10) beside IPC_DATA; rsslSocketRead then walks UInt16 length + message
    /// pairs to the end of the frame.
    /// </summary>
    [Fact]
    public void Packed_frame_is_0x12_with_a_UInt16_length_before_each_message()
    {
        (Channel channel, ReplayStream stream) = OpenClient();
        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(100, packed: true, out TransportBuffer? buffer));
        Pack(channel, buffer!, "ab"u8);
        Pack(channel, buffer!, "cde"u8);
        WriteAndFlush(channel, buffer!);

        Assert.Equal("000C" + "12" + "0002" + "6162" + "0003" + "636465", Convert.ToHexString(stream.Written));
    }

    /// <summary>
    /// ipcWriteSession for a fragmented message: flags IPC_EXTENDED_FLAGS | IPC_DATA (0x03), then the extended flags:
    /// IPC_FRAG_HEADER (0x08) with the UInt32 total length and the fragment id in the first frame, IPC_FRAG (0x04)
    /// with the id in the others. The id is two bytes from RIPC 13 on (connVersion &gt; CONN_VERSION_12).
    /// </summary>
    [Fact]
    public void Fragments_are_0x03_with_a_header_frame_then_continuations()
    {
        (Channel channel, ReplayStream stream) = OpenClient(fragmentSize: 100);
        byte[] message = Pattern(150);

        Write(channel, message);

        List<byte[]> frames = Frames(stream.Written);
        Assert.Equal(2, frames.Count);
        // 100-byte fragments: the frame is the fragment size plus the 3-byte RIPC header, as LSEG C's maxMsgSize allows.
        Assert.Equal("0067" + "03" + "08" + "00000096" + "0001", Convert.ToHexString(frames[0], 0, 10));
        Assert.Equal("003F" + "03" + "04" + "0001", Convert.ToHexString(frames[1], 0, 6));
        Assert.Equal(message, frames[0][10..].Concat(frames[1][6..]).ToArray());
        Assert.Equal(1, RipcVersion.V12.FragmentIdLength);
        Assert.Equal(2, RipcVersion.V13.FragmentIdLength);
        AssertReadsBack(stream.Written, CompressionType.None, message);
    }

    /// <summary>
    /// ipcWriteSession compressing: flags IPC_COMP_DATA (0x04) without IPC_DATA (the reader skips its opcode check
    /// for compressed frames), IPC_PACKING kept beside it for a packed buffer.
    /// </summary>
    [Theory]
    [InlineData(CompressionType.Zlib)]
    [InlineData(CompressionType.Lz4)]
    public void Compressed_frame_is_0x04_and_packed_compressed_0x14(CompressionType type)
    {
        (Channel channel, ReplayStream stream) = OpenClient(compression: type);
        byte[] message = Enumerable.Repeat((byte)'A', 500).ToArray();

        Write(channel, message);
        List<byte[]> frames = Frames(stream.Written);
        Assert.Single(frames);
        Assert.Equal(0x04, frames[0][2]);
        AssertReadsBack(stream.Written, type, message);

        stream.ClearWritten();
        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(1100, packed: true, out TransportBuffer? buffer));
        Pack(channel, buffer!, message);
        Pack(channel, buffer!, message);
        WriteAndFlush(channel, buffer!);
        frames = Frames(stream.Written);
        Assert.Single(frames);
        Assert.Equal(0x14, frames[0][2]);
    }

    /// <summary>
    /// A compressed message larger than a fragment goes out as fragments compressed one by one: flags
    /// IPC_EXTENDED_FLAGS | IPC_COMP_DATA (0x05), extended flags 0x08 then 0x04 (ipcWriteSession copies the
    /// fragmentation header in front of each compressed part).
    /// </summary>
    [Theory]
    [InlineData(CompressionType.Zlib)]
    [InlineData(CompressionType.Lz4)]
    public void Compressed_fragments_are_0x05(CompressionType type)
    {
        (Channel channel, ReplayStream stream) = OpenClient(compression: type);
        byte[] message = Pattern(10_000);

        Write(channel, message);

        List<byte[]> frames = Frames(stream.Written);
        Assert.True(frames.Count >= 2, $"{frames.Count} frames");
        Assert.Equal("0508", Convert.ToHexString(frames[0], 2, 2));
        Assert.Equal(10_000u, BinaryPrimitives.ReadUInt32BigEndian(frames[0].AsSpan(4)));
        Assert.All(frames.Skip(1), frame => Assert.Equal("0504", Convert.ToHexString(frame, 2, 2)));
        Assert.All(frames, frame => Assert.True(frame.Length <= 6144 + 3, $"frame of {frame.Length} bytes"));
        AssertReadsBack(stream.Written, type, message);
    }

    /// <summary>
    /// A packed buffer whose compressed form outgrows one frame: the first part carries IPC_COMP_FRAG (0x08) beside
    /// IPC_COMP_DATA and IPC_PACKING (0x1C), the rest follows in a frame of flags exactly IPC_COMP_DATA (0x04), as
    /// ipcWriteSession writes compressedmb2; ipcReadSession joins them before inflating.
    /// </summary>
    [Fact]
    public void A_compressed_frame_that_outgrows_the_fragment_size_continues_in_a_0x04_frame()
    {
        (Channel channel, ReplayStream stream) = OpenClient(compression: CompressionType.Lz4);
        byte[] incompressible = new byte[6130];
        new Random(7).NextBytes(incompressible);
        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(6144, packed: true, out TransportBuffer? buffer));
        Pack(channel, buffer!, incompressible);
        WriteAndFlush(channel, buffer!);

        List<byte[]> frames = Frames(stream.Written);
        Assert.Equal(["1C", "04"], frames.Select(f => f[2].ToString("X2")));
        AssertReadsBack(stream.Written, CompressionType.Lz4, incompressible);
    }

    /// <summary>
    /// ipcProcessHdr (LSEG C's server) reads the ConnectReq from what one read brought and checks its size against
    /// the header length byte at offset 8: equal to it for RIPC 11-12 (CONN_VERSION_11/12), header length + component
    /// container length + 1 for RIPC 13-14, the container length being read at 17 + bitmap size + host name length +
    /// address length. Anything else is "1007 Invalid Conn Ver header size".
    /// </summary>
    [Theory]
    [InlineData(11)]
    [InlineData(12)]
    [InlineData(13)]
    [InlineData(14)]
    public void ConnectReq_passes_LSEG_Cs_size_check_for_each_RIPC_version(int ripc)
    {
        RipcVersion version = Array.Find(RipcVersion.All, v => v.Number == ripc)!;
        var bytes = new byte[512];
        int length = new ConnectRequest
        {
            Version = version, Compression = CompressionType.Zlib, PingTimeout = 60, MajorVersion = 14, MinorVersion = 1,
            HostName = "host", IpAddress = "127.0.0.1", ComponentVersion = "ETA.NET test",
        }.Encode(bytes);

        Assert.Equal(length, BinaryPrimitives.ReadUInt16BigEndian(bytes));
        Assert.Equal(0x00, bytes[2]);
        Assert.Equal((uint)version.ConnectionVersion, BinaryPrimitives.ReadUInt32BigEndian(bytes.AsSpan(3)));
        int headerLength = bytes[8];
        int bitmapSize = bytes[9];
        if (ripc >= 13)
        {
            int hostLength = bytes[15 + bitmapSize];
            int addressLength = bytes[16 + bitmapSize + hostLength];
            int containerLength = bytes[17 + bitmapSize + hostLength + addressLength];
            Assert.Equal(length, headerLength + containerLength + 1);
        }
        else
        {
            Assert.Equal(length, headerLength);
        }
        Assert.Equal(ripc == 14 ? ConnectRequest.KeyExchangeFlag : 0, bytes[7]);
    }

    /// <summary>
    /// ipcFinishSess (LSEG C's server) writes the ConnectAck as flags 0x01, extended flags IPC_CONNACK (0x01), header
    /// length IPC_100_CONN_ACK (10), 0, the UInt32 IPC version (RIPC_VERSION_11..14 = 6..9), and a length of 10 + 8,
    /// + 1 (zlib level), + 2 + component version length from RIPC 13, + 27 for a RIPC 14 key exchange; ipcWaitAck
    /// (LSEG C's client) reads it in one read from those offsets.
    /// </summary>
    [Theory]
    [InlineData(11, false)]
    [InlineData(12, false)]
    [InlineData(13, false)]
    [InlineData(14, true)]
    public void ConnectAck_has_LSEG_Cs_layout_and_length(int ripc, bool keyExchange)
    {
        RipcVersion version = Array.Find(RipcVersion.All, v => v.Number == ripc)!;
        const string component = "ETA.NET test";
        var bytes = new byte[512];
        int length = new ConnectAck
        {
            Version = version, MaxUserMessageSize = 6144, SessionFlags = 3, PingTimeout = 3, MajorVersion = 14, MinorVersion = 1,
            KeyType = KeyExchange.Type64, KeyModulus = 1_000_003, KeyGenerator = 5, ServerPublicKey = 7, ComponentVersion = component,
        }.Encode(bytes, includeKeyExchange: keyExchange);

        int expected = 10 + 8 + 1 + (ripc >= 13 ? 2 + component.Length : 0) + (keyExchange ? 27 : 0);
        Assert.Equal(expected, length);
        Assert.Equal(length, BinaryPrimitives.ReadUInt16BigEndian(bytes));
        Assert.Equal("01010A00", Convert.ToHexString(bytes, 2, 4));
        Assert.Equal((uint)(ripc - 5), BinaryPrimitives.ReadUInt32BigEndian(bytes.AsSpan(6)));
        Assert.Equal(6144, BinaryPrimitives.ReadUInt16BigEndian(bytes.AsSpan(10)));
        Assert.Equal(3, bytes[13]); // the ping timeout ipcWaitAck takes as it is
    }

    /// <summary>
    /// ipcRejectSession writes flags 0x01, extended flags IPC_CONNNAK (0x02), header length IPC_100_OTHER_HEADER_SIZE
    /// (8), 0, then a UInt16 text length of 20 and 20 bytes of text; ipcWaitAck reads the text length at offset 6.
    /// </summary>
    [Fact]
    public void ConnectNak_has_LSEG_Cs_layout()
    {
        var bytes = new byte[64];
        int length = ConnectNak.Encode(bytes);

        Assert.Equal(8 + 20, length);
        Assert.Equal("001C" + "01" + "02" + "08" + "00" + "0014", Convert.ToHexString(bytes, 0, 8));
    }

    /// <summary>
    /// ipcSendClientKey writes the RIPC 14 third leg as UInt16 length, RIPC_KEY_EXCHANGE (0x08), key length 8 and the
    /// UInt64 key (length 0 and no key for a key type it does not know); ipcWaitClientKey reads the key length at offset 3.
    /// </summary>
    [Fact]
    public void ClientKey_has_LSEG_Cs_layout()
    {
        var bytes = new byte[16];

        Assert.Equal(12, ClientKey.Encode(bytes, KeyExchange.Type64, 0x0102030405060708UL));
        Assert.Equal("000C0808" + "0102030405060708", Convert.ToHexString(bytes, 0, 12));
        Assert.Equal(4, ClientKey.Encode(bytes, 0, 0));
        Assert.Equal("00040800", Convert.ToHexString(bytes, 0, 4));
    }

    // ------------------------------------------------------------------ helpers

    /// <summary>A client channel made active by a RIPC 14 ConnectAck, with what it wrote so far cleared.</summary>
    private static (Channel, ReplayStream) OpenClient(int fragmentSize = 6144, CompressionType compression = CompressionType.None)
    {
        (Channel channel, ReplayStream stream) = ReplayClient.Open([Ack(fragmentSize, compression)],
            new ConnectOptions { CompressionType = compression, GuaranteedOutputBuffers = 50 });
        Assert.Equal(compression, channel.Info!.CompressionType);
        stream.ClearWritten();
        return (channel, stream);
    }

    private static byte[] Ack(int fragmentSize, CompressionType compression)
    {
        var ack = new byte[256];
        int length = new ConnectAck
        {
            Version = RipcVersion.V14, MaxUserMessageSize = fragmentSize, SessionFlags = 3, PingTimeout = 60, MajorVersion = 14, MinorVersion = 1,
            Compression = compression, CompressionLevel = compression == CompressionType.Zlib ? 6 : 0,
            KeyType = KeyExchange.Type64, KeyModulus = 1_000_003, KeyGenerator = 5, ServerPublicKey = 7,
        }.Encode(ack, includeKeyExchange: true);
        return ack[..length];
    }

    private static byte[] Pattern(int length) => Enumerable.Range(0, length).Select(i => (byte)(i * 7)).ToArray();

    private static void Write(Channel channel, ReadOnlySpan<byte> message)
    {
        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(message.Length, packed: false, out TransportBuffer? buffer));
        message.CopyTo(buffer!.Data);
        buffer.Length = message.Length;
        WriteAndFlush(channel, buffer);
    }

    private static void Pack(Channel channel, TransportBuffer buffer, ReadOnlySpan<byte> message)
    {
        message.CopyTo(buffer.Data);
        buffer.Length = message.Length;
        Assert.True(channel.PackBuffer(buffer) >= TransportReturnCode.Success, channel.Error.ToString());
    }

    private static void WriteAndFlush(Channel channel, TransportBuffer buffer)
    {
        Assert.True(channel.Write(buffer) >= TransportReturnCode.Success, channel.Error.ToString());
        Assert.Equal(TransportReturnCode.Success, channel.Flush());
    }

    /// <summary>Splits written bytes at each frame's UInt16 length.</summary>
    private static List<byte[]> Frames(byte[] written)
    {
        var frames = new List<byte[]>();
        for (int at = 0; at < written.Length;)
        {
            int length = BinaryPrimitives.ReadUInt16BigEndian(written.AsSpan(at));
            Assert.True(length >= 3 && at + length <= written.Length, $"frame at {at} declares {length} bytes");
            frames.Add(written[at..(at + length)]);
            at += length;
        }
        return frames;
    }

    /// <summary>What a second client reading these bytes gets: the first message or ping, or a failure.</summary>
    private static TransportReturnCode ReadBack(byte[] written, CompressionType compression, out byte[]? message)
    {
        (Channel reader, ReplayStream input) = ReplayClient.Open([Ack(6144, compression)], new ConnectOptions { CompressionType = compression });
        input.Enqueue(written);
        message = null;
        for (int i = 0; i < 100; i++)
        {
            TransportReturnCode result = reader.Read(out TransportBuffer? buffer);
            if (buffer is not null)
            {
                message = buffer.Contents.ToArray();
                return TransportReturnCode.Success;
            }
            if (result is TransportReturnCode.ReadPing or TransportReturnCode.Failure)
                return result;
        }
        return TransportReturnCode.ReadWouldBlock;
    }

    private static void AssertReadsBack(byte[] written, CompressionType compression, byte[] expected)
    {
        Assert.Equal(TransportReturnCode.Success, ReadBack(written, compression, out byte[]? message));
        Assert.Equal(expected, message);
    }
}
