using Xunit;

namespace Eta.Codec.Tests.Messages;

/// <summary>The item messages of a real captured consumer session decode, down to their field lists.</summary>
public class CapturedSessionTests
{
    [Fact]
    public void ItemRefreshDecodes()
    {
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(VectorFiles.CapturedMessage(3), out Msg msg));
        Assert.Equal(MsgClass.Refresh, msg.MsgClass);
        Assert.Equal(6, msg.DomainType);
        Assert.Equal(6, msg.StreamId);
        Assert.Equal(RefreshMsgFlags.HasMsgKey | RefreshMsgFlags.Solicited | RefreshMsgFlags.RefreshComplete | RefreshMsgFlags.HasQos,
            msg.RefreshFlags);
        Assert.Equal(StreamStates.Open, msg.State.StreamState);
        MsgAssert.Bytes("Item Refresh Completed"u8, msg.State.Text, "state text");
        MsgAssert.Bytes("TRI"u8, msg.Key.Name, "item name");
        Assert.Equal(1, msg.Key.ServiceId);
        Assert.Equal(new Qos(QosTimeliness.Realtime, QosRates.TickByTick), msg.Qos);

        // RDNDISPLAY, RDN_EXCHID, DIVPAYDATE, TRDPRC_1, BID, ASK, ACVOL_1, NETCHNG_1, ASK_TIME
        Assert.Equal([2, 4, 38, 6, 22, 25, 32, 11, 267], FieldIds(msg));
    }

    [Fact]
    public void ItemUpdateDecodes()
    {
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(VectorFiles.CapturedMessage(4), out Msg msg));
        Assert.Equal(MsgClass.Update, msg.MsgClass);
        Assert.Equal(6, msg.StreamId);
        Assert.Equal(DataTypes.FieldList, msg.ContainerType);
        Assert.NotEmpty(FieldIds(msg));
    }

    [Theory]
    [InlineData(1)] // login refresh
    [InlineData(2)] // directory refresh
    [InlineData(3)] // item refresh
    [InlineData(4)] // item update
    public void ReEncodingADecodedMessageGivesTheSameBytes(int index)
    {
        byte[] captured = VectorFiles.CapturedMessage(index);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(captured, out Msg msg));
        var writer = new RwfWriter(new byte[captured.Length + 16]);
        Assert.Equal(CodecReturnCode.Success, MsgEncoder.Encode(ref writer, msg));
        MsgAssert.Bytes(captured, writer.Written, "re-encoded message");
    }

    private static List<int> FieldIds(scoped in Msg msg)
    {
        Assert.Equal(CodecReturnCode.Success, FieldListDecoder.Decode(msg.EncodedDataBody, out FieldListDecoder fields));
        var ids = new List<int>();
        CodecReturnCode rc;
        while ((rc = fields.Next(out FieldEntry entry)) == CodecReturnCode.Success)
            ids.Add(entry.FieldId);
        Assert.Equal(CodecReturnCode.EndOfContainer, rc);
        return ids;
    }
}
