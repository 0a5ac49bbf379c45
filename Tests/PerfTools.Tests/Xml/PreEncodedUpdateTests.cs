using Eta.Codec;
using Eta.TestSupport;
using PerfTools.Common.Omm;
using PerfTools.Common.Xml;
using Xunit;

namespace PerfTools.Tests.Xml;

/// <summary>
/// Updates sent as copies of the update encoded at load (stream id patched, latency entry appended) are byte for byte
/// the updates the codec encodes afresh, for our message data and LSEG's, on any stream, with and without TIM_TRK_1
/// (ProvPerf's -preEnc; off by default, when every update is encoded afresh).
/// </summary>
public class PreEncodedUpdateTests
{
    private static readonly int[] StreamIds = [1, 5, 42, 0x1234_5678, int.MaxValue, -7];

    // Timestamps of every UINT length: 1 to 8 bytes.
    private static readonly ulong[] Latencies = [0, 1, 0xFF, 0x1_0000, 123_456_789, 0x1_0000_0000, 1_763_900_000_000_000, ulong.MaxValue];

    [Fact]
    public void Copies_equal_fresh_encodings_with_our_message_data() => AssertCopiesEqualFresh(MsgDataLoaderTests.RepoMsgData());

    [Fact]
    public void Copies_equal_fresh_encodings_with_LSEGs_message_data() =>
        AssertCopiesEqualFresh(MsgDataLoader.Load(ReferenceData.Path("perftools", "MsgData.xml"), MsgDataLoaderTests.RepoDictionary()));

    [Fact]
    public void A_buffer_one_byte_short_is_a_return_code_and_nothing_written()
    {
        MsgData data = MsgDataLoaderTests.RepoMsgData();
        var encoder = new MarketPriceEncoder(data, preEncodedUpdates: true);
        var fresh = new byte[4096];
        MarketPriceEncoder.EncodeUpdateAfresh(fresh, 9, data.Updates[0], 123_456_789, out int length);
        int cursor = 0;
        Assert.Equal(CodecReturnCode.BufferTooSmall, encoder.EncodeUpdate(new byte[length - 1], 9, ref cursor, 123_456_789, out int written));
        Assert.Equal(0, written);
        cursor = 0;
        Assert.Equal(CodecReturnCode.Success, encoder.EncodeUpdate(new byte[length], 9, ref cursor, 123_456_789, out written));
        Assert.Equal(length, written);
    }

    private static void AssertCopiesEqualFresh(MsgData data)
    {
        var encoder = new MarketPriceEncoder(data, preEncodedUpdates: true);
        var copy = new byte[4096];
        var fresh = new byte[4096];
        for (int t = 0; t < data.Updates.Count; t++)
        {
            foreach (int streamId in StreamIds)
            {
                foreach (ulong latency in Latencies)
                {
                    // Dirty the buffer first: a copy must not depend on what was there before.
                    copy.AsSpan().Fill(0xA5);
                    int cursor = t;
                    Assert.Equal(CodecReturnCode.Success, encoder.EncodeUpdate(copy, streamId, ref cursor, latency, out int copied));
                    Assert.Equal(CodecReturnCode.Success,
                        MarketPriceEncoder.EncodeUpdateAfresh(fresh, streamId, data.Updates[t], latency, out int encoded));
                    Assert.True(fresh.AsSpan(0, encoded).SequenceEqual(copy.AsSpan(0, copied)),
                        $"template {t}, stream {streamId}, latency {latency}: {Convert.ToHexString(copy, 0, copied)} != {Convert.ToHexString(fresh, 0, encoded)}");
                }
            }
        }
    }
}
