using Eta.Codec;
using Eta.TestSupport;
using PerfTools.Common.Omm;
using PerfTools.Common.Xml;
using Xunit;

namespace PerfTools.Tests.Xml;

/// <summary>The Omm encoders: templates from the loaded message data, encoded and decoded back with the codec.</summary>
[Collection(AllocationCollection.Name)]
public class MarketPriceEncoderTests
{
    private static readonly Lazy<MsgData> Data = new(MsgDataLoaderTests.RepoMsgData);
    private readonly MarketPriceEncoder _encoder = new(Data.Value);
    private readonly byte[] _buffer = new byte[4096];

    [Fact]
    public void Update_decodes_to_the_template_fields_without_a_timestamp()
    {
        int cursor = 0;
        Assert.Equal(CodecReturnCode.Success, _encoder.EncodeUpdate(_buffer, 42, ref cursor, 0, out int written));
        Assert.Equal(1, cursor);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(_buffer.AsSpan(0, written), out Msg msg));
        Assert.Equal(MsgClass.Update, msg.MsgClass);
        Assert.Equal(MarketPriceEncoder.MarketPriceDomain, msg.DomainType);
        Assert.Equal(42, msg.StreamId);
        Assert.Equal(DataTypes.FieldList, msg.ContainerType);
        AssertFields(Data.Value.Updates[0], msg.EncodedDataBody, expectedLatencyFid: null, 0);
    }

    [Fact]
    public void Latency_update_carries_TIM_TRK_1_after_the_template_fields()
    {
        int cursor = 1;
        Assert.Equal(CodecReturnCode.Success, _encoder.EncodeUpdate(_buffer, 7, ref cursor, 123456789UL, out int written));
        MsgDecoder.Decode(_buffer.AsSpan(0, written), out Msg msg);
        AssertFields(Data.Value.Updates[1], msg.EncodedDataBody, LatencyFieldIds.Update, 123456789UL);
        Assert.True(LatencyTimestamp.TryFind(msg.EncodedDataBody, LatencyFieldIds.Update, out ulong found));
        Assert.Equal(123456789UL, found);
        Assert.False(LatencyTimestamp.TryFind(msg.EncodedDataBody, LatencyFieldIds.Post, out _));
    }

    [Fact]
    public void Updates_go_round_robin_over_the_templates()
    {
        int cursor = 0;
        var seen = new List<int>();
        for (int i = 0; i < 7; i++)
        {
            _encoder.EncodeUpdate(_buffer, 1, ref cursor, 0, out int written);
            MsgDecoder.Decode(_buffer.AsSpan(0, written), out Msg msg);
            FieldListDecoder.Decode(msg.EncodedDataBody, out FieldListDecoder fields);
            seen.Add(fields.StandardCount);
        }
        int[] counts = Data.Value.Updates.Select(u => u.FieldCount).ToArray();
        Assert.Equal(Enumerable.Range(0, 7).Select(i => counts[i % counts.Length]), seen);
    }

    [Fact]
    public void Generic_message_carries_TIM_TRK_3()
    {
        int cursor = 0;
        Assert.Equal(CodecReturnCode.Success, _encoder.EncodeGenericMsg(_buffer, 9, ref cursor, 55UL, out int written));
        MsgDecoder.Decode(_buffer.AsSpan(0, written), out Msg msg);
        Assert.Equal(MsgClass.Generic, msg.MsgClass);
        Assert.Equal(9, msg.StreamId);
        AssertFields(Data.Value.GenericMsgs[0], msg.EncodedDataBody, LatencyFieldIds.Generic, 55UL);
    }

    [Fact]
    public void Post_nests_an_update_with_the_post_user_info_and_TIM_TRK_2()
    {
        int cursor = 0;
        var user = new PostUserInfo(0x7F000001, 99);
        Assert.Equal(CodecReturnCode.Success, _encoder.EncodePost(_buffer, 11, ref cursor, user, 77UL, out int written));
        MsgDecoder.Decode(_buffer.AsSpan(0, written), out Msg post);
        Assert.Equal(MsgClass.Post, post.MsgClass);
        Assert.Equal(DataTypes.Msg, post.ContainerType);
        Assert.Equal(user, post.PostUserInfo);
        Assert.True((post.PostFlags & PostMsgFlags.PostComplete) != 0);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(post.EncodedDataBody, out Msg update));
        Assert.Equal(MsgClass.Update, update.MsgClass);
        Assert.Equal(user, update.PostUserInfo);
        AssertFields(Data.Value.Posts[0], update.EncodedDataBody, LatencyFieldIds.Post, 77UL);
    }

    [Fact]
    public void Refresh_answers_the_request_key_with_state_and_qos()
    {
        var item = new ItemRefresh(3, "TRI.N"u8, 1, 1, streaming: true, solicited: true);
        Assert.Equal(CodecReturnCode.Success, _encoder.EncodeRefresh(_buffer, item, out int written));
        MsgDecoder.Decode(_buffer.AsSpan(0, written), out Msg msg);
        Assert.Equal(MsgClass.Refresh, msg.MsgClass);
        RefreshMsgFlags flags = msg.RefreshFlags;
        Assert.True((flags & RefreshMsgFlags.RefreshComplete) != 0 && (flags & RefreshMsgFlags.Solicited) != 0
            && (flags & RefreshMsgFlags.ClearCache) != 0 && (flags & RefreshMsgFlags.HasQos) != 0);
        Assert.Equal("TRI.N"u8.ToArray(), msg.Key.Name.ToArray());
        Assert.Equal(1, msg.Key.ServiceId);
        Assert.Equal(StreamStates.Open, msg.State.StreamState);
        Assert.Equal(DataStates.Ok, msg.State.DataState);
        Assert.Equal(ProvidedService.RealtimeTickByTick, msg.Qos);
        AssertFields(Data.Value.Refresh, msg.EncodedDataBody, expectedLatencyFid: null, 0, blankStamps: true);
        // As LSEG's providers end a refresh: TIM_TRK_1, TIM_TRK_2, TIM_TRK_3 (0x0F3E..0x0F40), each blank (length 0).
        Assert.Equal(new byte[] { 0x0F, 0x3E, 0x00, 0x0F, 0x3F, 0x00, 0x0F, 0x40, 0x00 }, msg.EncodedDataBody[^9..].ToArray());

        var snapshot = new ItemRefresh(4, "X"u8, 1, 0, streaming: false, solicited: true);
        _encoder.EncodeRefresh(_buffer, snapshot, out written);
        MsgDecoder.Decode(_buffer.AsSpan(0, written), out msg);
        Assert.Equal(StreamStates.NonStreaming, msg.State.StreamState);
        Assert.False(msg.Key.HasNameType);
    }

    [Fact]
    public void Too_small_a_buffer_is_a_return_code()
    {
        int cursor = 0;
        Assert.Equal(CodecReturnCode.BufferTooSmall, _encoder.EncodeUpdate(new byte[40], 1, ref cursor, 5, out int written));
        Assert.Equal(0, written);
        Assert.True(_encoder.MaxMessageLength(255) > Data.Value.MaxEncodedEntriesLength);
    }

    [Fact]
    public void Encoding_in_steady_state_allocates_nothing()
    {
        int cursor = 0, generic = 0, post = 0;
        var user = new PostUserInfo(1, 2);
        AllocationAssert.None(() =>
        {
            var item = new ItemRefresh(3, "TRI.N"u8, 1, 1, true, true);
            for (int i = 0; i < 20_000; i++)
                EncodeAll(ref cursor, ref generic, ref post, user, item);
        });
    }

    private void EncodeAll(ref int cursor, ref int generic, ref int post, PostUserInfo user, scoped in ItemRefresh item)
    {
        _encoder.EncodeUpdate(_buffer, 1, ref cursor, 1234, out _);
        _encoder.EncodeGenericMsg(_buffer, 1, ref generic, 1234, out _);
        _encoder.EncodePost(_buffer, 1, ref post, user, 1234, out _);
        _encoder.EncodeRefresh(_buffer, item, out _);
    }

    private static void AssertFields(MsgTemplate template, ReadOnlySpan<byte> payload, short? expectedLatencyFid, ulong latency,
        bool blankStamps = false)
    {
        Assert.Equal(CodecReturnCode.Success, FieldListDecoder.Decode(payload, out FieldListDecoder fields));
        Assert.Equal(template.FieldCount + (expectedLatencyFid.HasValue ? 1 : 0) + (blankStamps ? 3 : 0), fields.StandardCount);
        for (int i = 0; i < template.FieldCount; i++)
        {
            Assert.Equal(CodecReturnCode.Success, fields.Next(out FieldEntry entry));
            Assert.Equal(template.Fields[i].FieldId, entry.FieldId);
            Assert.Equal(template.Fields[i].EncodedValue.ToArray(), entry.EncodedData.ToArray());
        }
        if (expectedLatencyFid is short fid)
        {
            Assert.Equal(CodecReturnCode.Success, fields.Next(out FieldEntry entry));
            Assert.Equal(fid, entry.FieldId);
            Assert.Equal(CodecReturnCode.Success, entry.Decode(out UInt value));
            Assert.Equal(latency, value.Value);
        }
        for (int stamp = 3902; blankStamps && stamp <= 3904; stamp++)
        {
            Assert.Equal(CodecReturnCode.Success, fields.Next(out FieldEntry entry));
            Assert.Equal(stamp, entry.FieldId);
            Assert.True(entry.IsBlank);
        }
        Assert.Equal(CodecReturnCode.EndOfContainer, fields.Next(out _));
    }
}
