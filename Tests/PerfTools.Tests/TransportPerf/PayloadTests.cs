using PerfTools.TransportPerf.Payload;
using Xunit;

namespace PerfTools.Tests.TransportPerf;

public sealed class PayloadTests
{
    [Fact]
    public void Layout_is_sequence_then_timestamp_then_zeros()
    {
        var message = new byte[24];
        message.AsSpan().Fill(0xFF);
        PerfPayload.Write(message, sequence: 0x0102030405060708, timestampNanoseconds: 0x1112131415161718);
        Assert.Equal(
            new byte[] { 1, 2, 3, 4, 5, 6, 7, 8, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0, 0, 0, 0, 0, 0, 0, 0 },
            message);
        Assert.True(PerfPayload.TryRead(message, out long sequence, out long timestamp));
        Assert.Equal(0x0102030405060708, sequence);
        Assert.Equal(0x1112131415161718, timestamp);
        Assert.False(PerfPayload.TryRead(message.AsSpan(0, 15), out _, out _));
    }

    [Fact]
    public void Sequence_checker_counts_gaps_and_stale_numbers()
    {
        var checker = new SequenceChecker();
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
    public void A_stream_that_does_not_start_at_one_is_an_error()
    {
        var checker = new SequenceChecker();
        Assert.False(checker.Check(3));
        Assert.Equal(2, checker.Missing);
    }
}
