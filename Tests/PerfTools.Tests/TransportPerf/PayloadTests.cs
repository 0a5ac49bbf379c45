using PerfTools.TransportPerf.Payload;
using Xunit;

namespace PerfTools.Tests.TransportPerf;

/// <summary>
/// The payload as LSEG's TransportPerf lays it out (TransportSession/ProcessMsgReadWrite in LSEG's C, Java and C#
/// editions): the sequence number as 8 bytes then the timestamp as 8 bytes, each in the host's byte order, which is
/// little-endian on every platform LSEG ships; senders start at 0; zeros fill the rest of -msgSize.
/// </summary>
public sealed class PayloadTests
{
    [Fact]
    public void Layout_is_little_endian_sequence_then_timestamp_then_zeros()
    {
        var message = new byte[24];
        message.AsSpan().Fill(0xFF);
        PerfPayload.Write(message, sequence: 0x0102030405060708, timestampNanoseconds: 0x1112131415161718);
        Assert.Equal(
            new byte[] { 8, 7, 6, 5, 4, 3, 2, 1, 0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x11, 0, 0, 0, 0, 0, 0, 0, 0 },
            message);
        Assert.False(PerfPayload.TryRead(message.AsSpan(0, 15), out _, out _));
    }

    [Fact]
    public void An_LSEG_senders_second_message_reads_as_sequence_one()
    {
        // LSEG's second message on a connection: sequence 1, no timestamp, 76 bytes (its default -msgSize).
        var lseg = new byte[76];
        lseg[0] = 1;
        Assert.True(PerfPayload.TryRead(lseg, out long sequence, out long timestamp));
        Assert.Equal(1, sequence);
        Assert.Equal(0, timestamp);

        // The failure users saw: big-endian 1 and 2 read the way LSEG reads them (its report: "144115188075855872
        // instead of 72057594037927937"). Our first message must read as 0 on LSEG's side instead.
        var ours = new byte[76];
        PerfPayload.Write(ours, PerfPayload.FirstSequence, 0);
        Assert.Equal(0L, BitConverter.ToInt64(ours, 0));
        Assert.All(ours, b => Assert.Equal(0, b));
    }

    [Fact]
    public void A_timestamp_is_read_where_LSEG_writes_it()
    {
        var lseg = new byte[76];
        lseg[0] = 9;
        BitConverter.TryWriteBytes(lseg.AsSpan(8), 123_456_789_000L); // nanoseconds, host order
        Assert.True(PerfPayload.TryRead(lseg, out long sequence, out long timestamp));
        Assert.Equal((9L, 123_456_789_000L), (sequence, timestamp));
    }

    [Fact]
    public void Sequence_checker_counts_gaps_and_stale_numbers()
    {
        var checker = new SequenceChecker();
        Assert.True(checker.Check(0));
        Assert.True(checker.Check(1));
        Assert.True(checker.Check(2));
        Assert.False(checker.Check(10)); // 3..9 missing
        Assert.True(checker.Check(11));
        Assert.False(checker.Check(4));  // stale
        Assert.True(checker.Check(12));
        Assert.Equal(2, checker.Errors);
        Assert.Equal(7, checker.Missing);
        Assert.Equal(1, checker.OutOfOrder);
    }

    [Fact]
    public void The_first_number_is_adopted_wherever_it_starts()
    {
        var checker = new SequenceChecker();
        Assert.True(checker.Check(3));
        Assert.True(checker.Check(4));
        Assert.False(checker.Check(3));
        Assert.Equal(0, checker.Missing);
        Assert.Equal(1, checker.Errors);
    }
}
