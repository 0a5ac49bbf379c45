using Eta.TestSupport;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Vectors;

/// <summary>
/// LSEG's SocketChannelJunit streams (split reads, packing, fragments, pings) replayed read by read through a
/// fake stream: each must yield exactly the messages of its expected file (headers stripped). The return code
/// and byte counts of every call are checked in <see cref="SocketChannelReadCallTests"/>.
/// </summary>
public sealed class SocketChannelVectorTests
{
    public static TheoryData<string, string, int> Pairs => new()
    {
        { "020_single_complete_message.txt", "020_single_complete_message.txt", 0 },
        { "030_input_two_msgs_single_net_read.txt", "030_expected_two_msgs_single_net_read.txt", 0 },
        { "040_input_two_part_known_incomplete.txt", "040_expected_two_part_known_incomplete.txt", 0 },
        { "050_input_two_part_unknown_incomplete.txt", "050_expected_two_part_unknown_incomplete.txt", 0 },
        { "051_input_unknown_incomplete.txt", "051_expected_unknown_incomplete.txt", 0 },
        { "055_input_known_insufficient.txt", "055_expected_known_insufficient.txt", 35 },
        { "056_input_known_insufficient_remain_buf.txt", "056_expected_known_insufficient_remain_buf.txt", 36 },
        { "058_input_unknown_insufficient.txt", "058_expected_unknown_insufficient.txt", 35 },
        { "060_input_single_complete_1part_packed.txt", "060_expected_single_complete_1part_packed.txt", 0 },
        { "080_input_single_complete_2part_packed.txt", "080_expected_single_complete_2part_packed.txt", 0 },
        { "090_input_3part_packed_last_part_empty.txt", "090_expected_3part_packed_last_part_empty.txt", 0 },
        { "100_input_fragmented.txt", "100_expected_fragmented.txt", 0 },
        { "105_input_fragment_header+frag_single_read.txt", "105_expected_fragment_header+frag_single_read.txt", 0 },
        { "110_input_smaller_frag_follows_larger.txt", "110_expected_smaller_frag_follows_larger.txt", 0 },
        { "125_input_dupe_frag_headers.txt", "125_expected_dupe_frag_headers.txt", 0 },
        { "130_input_two_frag_msgs_same_size_diff_ids.txt", "130_expected_two_frag_msgs_same_size_diff_ids.txt", 0 },
        { "140_input_normal_msg_follow_frag_msg.txt", "140_expected_normal_msg_follow_frag_msg.txt", 0 },
    };

    [Theory]
    [MemberData(nameof(Pairs))]
    public void Input_yields_exactly_the_expected_messages(string input, string expected, int inputCapacity)
    {
        List<byte[]> reads = HexDump.Records(VectorFiles.SocketChannel(input));
        List<byte[]> expectedMessages = HexDump.Messages(VectorFiles.SocketChannel(expected)).Skip(1).ToList();
        var options = new ConnectOptions { InputBufferCapacityOverride = inputCapacity };
        (Channel channel, ReplayStream stream) = ReplayClient.Open(reads.Take(1), options);
        foreach (byte[] read in reads.Skip(1))
            stream.Enqueue(read);

        List<byte[]> messages = ReplayClient.ReadAll(channel, stream);

        Assert.Equal(expectedMessages.Count, messages.Count);
        for (int i = 0; i < messages.Count; i++)
            Assert.True(expectedMessages[i].AsSpan().SequenceEqual(messages[i]), $"message {i} differs");
        Assert.Equal(0, stream.PendingRecords);
    }

    /// <summary>
    /// 115 (a fragment whose header never came) and 120 (a header declaring 3,000,000,000 bytes): LSEG's Java test
    /// reads past them; LSEG's C reader (rsslSocketRead) fails the channel with "0014 Attempting to reassemble a
    /// message ... without seeing first fragment" for both (it reads the total length as a signed 32-bit number), and
    /// so do we, naming the fragment.
    /// </summary>
    [Theory]
    [InlineData("115_input_frag_out_of_sequence.txt", "fragment (id 25351) whose fragment header never came")]
    [InlineData("120_input_frag_max_int.txt", "declares a message of 3000000000 bytes")]
    public void A_fragment_LSEG_C_cannot_place_closes_the_channel(string input, string error)
    {
        List<byte[]> reads = HexDump.Records(VectorFiles.SocketChannel(input));
        (Channel channel, _) = ReplayClient.Open(reads);

        Assert.Equal(TransportReturnCode.Failure, channel.Read(out TransportBuffer? message));

        Assert.Null(message);
        Assert.Contains(error, channel.Error.Text);
        Assert.Equal(ChannelState.Closed, channel.State);
    }

    [Fact]
    public void Packed_length_running_past_the_frame_fails_after_the_good_messages()
    {
        List<byte[]> reads = HexDump.Records(VectorFiles.SocketChannel("060_input_single_complete_1part_packed.txt"));
        // The recorded ConnectAck, then a packed frame: "ab", then a slot claiming 9 bytes with 3 left.
        byte[] frame = [0x00, 0x0C, 0x12, 0x00, 0x02, (byte)'a', (byte)'b', 0x00, 0x09, (byte)'x', (byte)'y', (byte)'z'];
        (Channel channel, _) = ReplayClient.Open([reads[0], frame]);

        Assert.True(channel.Read(out TransportBuffer? first) >= TransportReturnCode.Success);
        Assert.Equal("ab"u8.ToArray(), first!.Contents.ToArray());
        Assert.Equal(TransportReturnCode.Failure, channel.Read(out TransportBuffer? second));
        Assert.Null(second);
        Assert.Contains("runs past the end of the frame", channel.Error.Text);
        Assert.Equal(ChannelState.Closed, channel.State);
    }

    [Fact]
    public void Fragment_header_alone_gives_no_message_then_the_fragment_completes_it()
    {
        List<byte[]> reads = HexDump.Records(VectorFiles.SocketChannel("100_input_fragmented.txt"));
        (Channel channel, ReplayStream stream) = ReplayClient.Open(reads.Take(1));
        var args = new ReadArgs();
        stream.Enqueue(reads[1]);
        stream.Enqueue(reads[2]);

        Assert.Equal(TransportReturnCode.ReadWouldBlock, channel.Read(args, out TransportBuffer? message));
        Assert.Null(message);
        Assert.Equal(reads[1].Length, args.BytesRead);
        Assert.Equal(TransportReturnCode.Success, channel.Read(args, out message));
        Assert.Equal(new byte[] { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 }, message!.Contents.ToArray());
    }

    [Fact]
    public void Fragment_header_and_fragment_in_one_read_report_more_data_then_the_message()
    {
        List<byte[]> reads = HexDump.Records(VectorFiles.SocketChannel("105_input_fragment_header+frag_single_read.txt"));
        (Channel channel, _) = ReplayClient.Open(reads);
        var args = new ReadArgs();

        Assert.True(channel.Read(args, out TransportBuffer? message) > TransportReturnCode.Success);
        Assert.Null(message);
        Assert.Equal(17, args.UncompressedBytesRead);
        Assert.Equal(TransportReturnCode.Success, channel.Read(args, out message));
        Assert.Equal(9, args.UncompressedBytesRead);
        Assert.Equal(0, args.BytesRead);
        Assert.Equal(10, message!.Length);
    }

    [Fact]
    public void Handshake_only_then_nothing_to_read()
    {
        List<byte[]> reads = HexDump.Records(VectorFiles.SocketChannel("010_just_ripc_handshake.txt"));
        (Channel channel, _) = ReplayClient.Open(reads);

        Assert.Equal(TransportReturnCode.ReadWouldBlock, channel.Read(out TransportBuffer? message));
        Assert.Null(message);
        Assert.Equal("ETA Java Edition", channel.Info!.PeerComponentVersion);
        Assert.Equal(6144, channel.Info.MaxFragmentSize);
        Assert.Equal(60, channel.PingTimeout);
    }

    [Fact]
    public void Peer_closing_mid_message_closes_the_channel_with_a_clear_error()
    {
        List<byte[]> reads = HexDump.Records(VectorFiles.SocketChannel("040_input_two_part_known_incomplete.txt"));
        (Channel channel, ReplayStream stream) = ReplayClient.Open(reads.Take(2));
        stream.EndOfStream = true;

        Assert.Equal(TransportReturnCode.ReadWouldBlock, channel.Read(out TransportBuffer? message)); // half a frame
        Assert.Null(message);
        Assert.Equal(TransportReturnCode.Failure, channel.Read(out message));
        Assert.Null(message);
        Assert.Equal(ChannelState.Closed, channel.State);
        Assert.Contains("closed the connection in the middle of a frame", channel.Error.Text);
    }
}
