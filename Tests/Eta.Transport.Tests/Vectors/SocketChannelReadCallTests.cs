using Eta.TestSupport;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Vectors;

/// <summary>
/// LSEG's SocketChannelJunit streams replayed one recorded network read at a time, checking every Read call the
/// way LSEG's own test does: its return code (exactly Success, "more data" above zero, ReadWouldBlock, ReadPing),
/// the message it hands out, and its BytesRead (network bytes taken by this call) and UncompressedBytesRead
/// (RIPC frame bytes, headers included, consumed by this call). The expectations restate LSEG's per-call
/// assertions for each stream.
/// </summary>
public sealed class SocketChannelReadCallTests
{
    private const int RipcHeader = 3;
    private const int FirstPackedHeader = RipcHeader + 2; // the frame header, then the first message's UInt16 length
    private const int NextPackedHeader = 2;
    private const int FirstFragmentHeader = RipcHeader + 1 + 4 + 2; // extended flags, total length, RIPC 13+ fragment id
    private const int NextFragmentHeader = RipcHeader + 1 + 2;

    public enum Code
    {
        Success,
        MoreData,
        WouldBlock,
        Ping,
        Failure,
    }

    /// <summary>
    /// One Read call: what it returns, the expected message it hands out (index into the expected file's frames,
    /// 0 being the handshake; null for none), and the byte counts LSEG asserts for it (null where it asserts none).
    /// </summary>
    /// <remarks>
    /// <c>Ours</c> marks the calls where our transport deliberately returns something else (see
    /// <see cref="PartialFrameIsNotMoreData"/>, and the frames LSEG's C reader rejects: a ping without a data flag, orphan fragments); everything
    /// else on those calls is still LSEG's.
    /// </remarks>
    private sealed record Call(Code Code, int? Message = null, int? BytesRead = null, int? UncompressedBytesRead = null, Code? Ours = null,
        int? OursBytesRead = null);

    /// <summary>
    /// LSEG's Java channel returns "more data" (above zero) whenever bytes stay in its read buffer, even an
    /// incomplete frame. Ours counts only what can become a message without the socket: an incomplete frame gives
    /// Success after a message and ReadWouldBlock without one, since the socket signals when the rest arrives
    /// (FrameReader.More). These calls assert our code; their messages and byte counts are LSEG's.
    /// </summary>
    private const Code PartialFrameIsNotMoreData = Code.WouldBlock;

    // With a 35-byte read buffer and 42 (055) or 44 (058) bytes on the wire, LSEG's Java channel reports all of them
    // as read by the first call and none by the second; ours reads what fits (35) in the first call and the rest
    // in the second. The totals are LSEG's; the split is asserted as ours with OursBytesRead.
    private const int SmallBuffer = 35;

    /// <summary>A stream: its files, read-buffer size (0 = default) and calls, built from the expected messages and input reads.</summary>
    private sealed record Stream(string Input, string Expected, int Capacity, Func<Frames, Call[]> Calls);

    /// <summary>e[i]: expected message i without its RIPC header; r[i]: recorded network read i (0 = handshake).</summary>
    private sealed record Frames(int[] E, int[] R);

    private static readonly Dictionary<string, Stream> s_streams = new Stream[]
    {
        new("020_single_complete_message.txt", "020_single_complete_message.txt", 0, f =>
        [
            new(Code.Success, 1, f.E[1] + RipcHeader, f.E[1] + RipcHeader),
            new(Code.WouldBlock),
        ]),
        new("030_input_two_msgs_single_net_read.txt", "030_expected_two_msgs_single_net_read.txt", 0, f =>
        [
            new(Code.MoreData, 1, f.E[1] + RipcHeader + f.E[2] + RipcHeader, f.E[1] + RipcHeader),
            new(Code.Success, 2, 0, f.E[2] + RipcHeader),
            new(Code.WouldBlock),
        ]),
        new("040_input_two_part_known_incomplete.txt", "040_expected_two_part_known_incomplete.txt", 0, f =>
        [
            new(Code.MoreData, null, f.R[1], 0, Ours: PartialFrameIsNotMoreData),
            new(Code.Success, 1, f.R[2], 385),
            new(Code.WouldBlock, null, 0, 0),
        ]),
        new("050_input_two_part_unknown_incomplete.txt", "050_expected_two_part_unknown_incomplete.txt", 0, f =>
        [
            new(Code.MoreData, null, f.R[1], 0, Ours: PartialFrameIsNotMoreData),
            new(Code.Success, 1, f.R[2], 385),
            new(Code.WouldBlock, null, 0, 0),
        ]),
        new("051_input_unknown_incomplete.txt", "051_expected_unknown_incomplete.txt", 0, f =>
        [
            new(Code.MoreData, 1, f.E[1] + RipcHeader + 2, f.E[1] + RipcHeader, Ours: Code.Success),
            new(Code.Success, 2, f.E[2] + RipcHeader - 2, f.E[2] + RipcHeader),
            new(Code.WouldBlock),
        ]),
        new("055_input_known_insufficient.txt", "055_expected_known_insufficient.txt", SmallBuffer, TwoFramesOverflowingTheBuffer),
        new("056_input_known_insufficient_remain_buf.txt", "056_expected_known_insufficient_remain_buf.txt", 36, f =>
        [
            new(Code.MoreData, 1, f.E[1] + RipcHeader + 3, f.E[1] + RipcHeader, Ours: Code.Success),
            new(Code.Success, 2, 7, f.E[2] + RipcHeader),
            new(Code.WouldBlock),
        ]),
        new("058_input_unknown_insufficient.txt", "058_expected_unknown_insufficient.txt", SmallBuffer, TwoFramesOverflowingTheBuffer),
        new("060_input_single_complete_1part_packed.txt", "060_expected_single_complete_1part_packed.txt", 0, f =>
        [
            new(Code.Success, 1, FirstPackedHeader + f.E[1], FirstPackedHeader + f.E[1]),
            new(Code.WouldBlock),
        ]),
        new("080_input_single_complete_2part_packed.txt", "080_expected_single_complete_2part_packed.txt", 0, f =>
        [
            new(Code.MoreData, 1, FirstPackedHeader + f.E[1] + NextPackedHeader + f.E[2], FirstPackedHeader + f.E[1] + NextPackedHeader + f.E[2]),
            new(Code.Success, 2, 0, 0),
            new(Code.WouldBlock),
        ]),
        new("090_input_3part_packed_last_part_empty.txt", "090_expected_3part_packed_last_part_empty.txt", 0, f =>
        [
            new(Code.MoreData, 1, FirstPackedHeader + f.E[1] + NextPackedHeader + f.E[2] + NextPackedHeader,
                FirstPackedHeader + f.E[1] + NextPackedHeader + f.E[2] + NextPackedHeader),
            new(Code.MoreData, 2, 0, 0),
            new(Code.WouldBlock, null, 0, 0),
        ]),
        // LSEG asserts no message for a packed frame whose only slot is empty (readSinglePackedEmptyPayload).
        new("070_single_packed_with_empty_payload.txt", "070_single_packed_with_empty_payload.txt", 0, _ =>
        [
            new(Code.WouldBlock),
            new(Code.WouldBlock),
        ]),
        // Fragments (RIPC 14: a first fragment carries 10 header bytes, each further one 6): LSEG's fragmentedMessage
        // and the tests after it. A header or fragment that completes nothing gives ReadWouldBlock, no message.
        new("100_input_fragmented.txt", "100_expected_fragmented.txt", 0, f =>
        [
            new(Code.WouldBlock, null, f.R[1], f.R[1]),
            new(Code.Success, 1, f.R[2], f.R[2]),
            new(Code.WouldBlock, null, 0, 0),
        ]),
        new("105_input_fragment_header+frag_single_read.txt", "105_expected_fragment_header+frag_single_read.txt", 0, f =>
        [
            new(Code.MoreData, null, f.R[1], FirstFragmentHeader + 7),
            new(Code.Success, 1, 0, NextFragmentHeader + 3),
            new(Code.WouldBlock, null, 0, 0),
        ]),
        new("110_input_smaller_frag_follows_larger.txt", "110_expected_smaller_frag_follows_larger.txt", 0, f =>
        [
            new(Code.WouldBlock, null, f.R[1], f.R[1]),
            new(Code.Success, 1, f.R[2], f.R[2]),
            new(Code.WouldBlock, null, f.R[3], f.R[3]),
            new(Code.Success, 2, f.R[4], f.R[4]),
            new(Code.WouldBlock, null, 0, 0),
        ]),
        // LSEG's Java test drops these and reads on; LSEG's C reader fails the channel on both ("0014 Attempting to
        // reassemble a message with frag ID ... without seeing first fragment", rsslSocketRead: a total length of
        // 2^31 or more reads as negative, so its header is taken for a fragment too), and so do we.
        new("115_input_frag_out_of_sequence.txt", "115_expected_frag_out_of_sequence.txt", 0, _ =>
        [
            new(Code.WouldBlock, Ours: Code.Failure),
        ]),
        new("120_input_frag_max_int.txt", "120_expected_frag_max_int.txt", 0, _ =>
        [
            new(Code.WouldBlock, Ours: Code.Failure),
        ]),
        new("125_input_dupe_frag_headers.txt", "125_expected_dupe_frag_headers.txt", 0, NoMessageThenAMessageTwice),
        new("130_input_two_frag_msgs_same_size_diff_ids.txt", "130_expected_two_frag_msgs_same_size_diff_ids.txt", 0, f =>
        [
            new(Code.WouldBlock, null, f.R[1], f.R[1]),
            new(Code.Success, 1, f.R[2], f.R[2]),
            new(Code.WouldBlock, null, f.R[3], f.R[3]),
            new(Code.Success, 2, f.R[4], f.R[4]),
            new(Code.Success, 3, f.R[5], f.R[5]),
            new(Code.WouldBlock, null, 0, 0),
        ]),
        new("140_input_normal_msg_follow_frag_msg.txt", "140_expected_normal_msg_follow_frag_msg.txt", 0, f =>
        [
            new(Code.Success, 1, f.R[1], f.R[1]),
            new(Code.WouldBlock, null, f.R[2], f.R[2]),
            new(Code.Success, 2, f.R[3], f.R[3]),
            new(Code.Success, 3, f.R[4], f.R[4]),
            new(Code.Success, 4, f.R[5], f.R[5]),
            new(Code.WouldBlock, null, 0, 0),
        ]),
        // LSEG's Java test reads this 00 03 01 as a ping; LSEG's C reader, the core of ADS and ADH, rejects it (no
        // data flag: "1007 Invalid Message Opcode", ipcReadSession), and so do we: every LSEG edition writes 00 03 02.
        new("ping_message.txt", "ping_message.txt", 0, _ =>
        [
            new(Code.Ping, Ours: Code.Failure),
        ]),
    }.ToDictionary(s => s.Input);

    /// <summary>
    /// 055 and 058: a first frame, then a second that only partly fits the small read buffer. The first read fills
    /// the buffer, so more is likely waiting in the socket: "more data", as LSEG says, though the frame is partial.
    /// </summary>
    private static Call[] TwoFramesOverflowingTheBuffer(Frames f) =>
    [
        new(Code.MoreData, 1, f.E[1] + RipcHeader + f.E[2] + RipcHeader, f.E[1] + RipcHeader, OursBytesRead: SmallBuffer),
        new(Code.Success, 2, 0, f.E[2] + RipcHeader, OursBytesRead: f.E[1] + RipcHeader + f.E[2] + RipcHeader - SmallBuffer),
        new(Code.WouldBlock),
    ];

    /// <summary>
    /// 125 (a second fragment header reusing the first one's id replaces it): a frame that gives nothing, a message,
    /// twice; LSEG asserts the codes and messages only.
    /// </summary>
    private static Call[] NoMessageThenAMessageTwice(Frames _) =>
    [
        new(Code.WouldBlock),
        new(Code.Success, 1),
        new(Code.WouldBlock),
        new(Code.Success, 2),
        new(Code.WouldBlock),
    ];

    public static TheoryData<string> Inputs => new(s_streams.Keys);

    [Theory]
    [MemberData(nameof(Inputs))]
    public void Every_read_call_returns_what_LSEG_asserts(string input)
    {
        Stream stream = s_streams[input];
        List<byte[]> reads = HexDump.Records(VectorFiles.SocketChannel(stream.Input));
        List<byte[]> expected = HexDump.Messages(VectorFiles.SocketChannel(stream.Expected));
        var frames = new Frames([.. expected.Select(m => m.Length)], [.. reads.Select(r => r.Length)]);
        (Channel channel, _) = ReplayClient.Open(reads, new ConnectOptions { InputBufferCapacityOverride = stream.Capacity });
        var args = new ReadArgs();

        Call[] calls = stream.Calls(frames);
        for (int i = 0; i < calls.Length; i++)
        {
            Call call = calls[i];
            TransportReturnCode rc = channel.Read(args, out TransportBuffer? message);
            string where = $"{input}, call {i + 1}";
            Code code = call.Ours ?? call.Code;
            Assert.True(Matches(code, rc), $"{where}: returned {rc}, expected {code} (LSEG's test: {call.Code}) ({channel.Error})");
            if (call.Message is int index)
            {
                Assert.True(message is not null, $"{where}: no message");
                Assert.True(expected[index].AsSpan().SequenceEqual(message.Contents), $"{where}: message differs from expected frame {index}");
            }
            else
            {
                Assert.True(message is null, $"{where}: unexpected message of {message?.Length} bytes");
            }
            if ((call.OursBytesRead ?? call.BytesRead) is int bytes)
                Assert.True(bytes == args.BytesRead, $"{where}: BytesRead {args.BytesRead}, expected {bytes} (LSEG's test: {call.BytesRead})");
            if (call.UncompressedBytesRead is int uncompressed)
                Assert.True(uncompressed == args.UncompressedBytesRead,
                    $"{where}: UncompressedBytesRead {args.UncompressedBytesRead}, LSEG's test expects {uncompressed}");
        }
    }

    private static bool Matches(Code code, TransportReturnCode rc) => code switch
    {
        Code.Success => rc == TransportReturnCode.Success,
        Code.MoreData => rc > TransportReturnCode.Success,
        Code.WouldBlock => rc == TransportReturnCode.ReadWouldBlock,
        Code.Failure => rc == TransportReturnCode.Failure,
        _ => rc == TransportReturnCode.ReadPing,
    };
}
