using Xunit;

namespace Eta.Codec.Tests.Messages;

/// <summary>
/// A message whose payload is another message (container type MSG), as ConsPerf posts: a Post carrying an
/// Update, both encoded single-pass into one buffer.
/// </summary>
public class NestedMessageTests
{
    [Fact]
    public void PostCarryingAnUpdateRoundTrips()
    {
        Msg post = Msg.Create(MsgClass.Post, 6, 7, DataTypes.Msg);
        post.PostFlags = PostMsgFlags.HasPostId | PostMsgFlags.HasSeqNum | PostMsgFlags.PostComplete | PostMsgFlags.HasMsgKey;
        post.PostId = 41;
        post.SeqNum = 42;
        post.PostUserInfo = new PostUserInfo(0x7F000001, 1234);
        post.Key = new MsgKey { Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName, ServiceId = 1, Name = "TRI.N"u8.ToArray() };

        byte[] encoded = SinglePass.Encode(post, SinglePass.Nothing, EncodeNestedUpdate);

        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg outer));
        Assert.Equal(MsgClass.Post, outer.MsgClass);
        Assert.Equal(41u, outer.PostId);
        Assert.Equal(new PostUserInfo(0x7F000001, 1234), outer.PostUserInfo);
        Assert.Equal(DataTypes.Msg, outer.ContainerType);

        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(outer.EncodedDataBody, out Msg inner));
        Assert.Equal(MsgClass.Update, inner.MsgClass);
        Assert.Equal(1, inner.UpdateType);
        MsgAssert.Bytes(SampleBodies.FieldListPayload(), inner.EncodedDataBody, "nested payload");
    }

    // The post's payload: an update with a field list, encoded in place right after the post's header.
    private static CodecReturnCode EncodeNestedUpdate(ref RwfEncoder encoder)
    {
        Msg update = Msg.Create(MsgClass.Update, 6, 7, DataTypes.FieldList);
        update.UpdateType = 1;
        CodecReturnCode rc = MsgEncoder.EncodeInit(ref encoder, update, out MsgEncodeState inner);
        if (rc != CodecReturnCode.EncodeContainer)
            return rc;
        rc = SampleBodies.EncodeFieldList(ref encoder);
        return rc == CodecReturnCode.Success ? MsgEncoder.EncodeComplete(ref encoder, ref inner, success: true) : rc;
    }

    [Fact]
    public void AbandonedPayloadRollsTheWholeMessageBack()
    {
        var encoder = new RwfEncoder(new byte[256]);
        Assert.Equal(CodecReturnCode.Success, encoder.Writer.WriteBytes([1, 2, 3]));
        Msg update = Msg.Create(MsgClass.Update, 6, 7, DataTypes.FieldList);
        Assert.Equal(CodecReturnCode.EncodeContainer, MsgEncoder.EncodeInit(ref encoder, update, out MsgEncodeState state));
        Assert.Equal(CodecReturnCode.Success, MsgEncoder.EncodeComplete(ref encoder, ref state, success: false));
        Assert.Equal(3, encoder.Position);
        Assert.Equal(CodecReturnCode.UnexpectedEncoderCall, MsgEncoder.EncodeComplete(ref encoder, ref state, success: true));
    }

    [Fact]
    public void BufferTooSmallLeavesNothingBehind()
    {
        byte[] vector = VectorFiles.Single("vectors", "RsslEncodersJunit", "004_updateMsg.txt");
        Msg update = Msg.Create(MsgClass.Update, 1, 5, DataTypes.FieldList);
        update.UpdateFlags = UpdateMsgFlags.HasSeqNum | UpdateMsgFlags.HasExtendedHeader;
        update.ExtendedHeader = "EXTENDED HEADER"u8.ToArray();
        update.EncodedDataBody = vector;
        for (int size = 0; size < 40; size++)
        {
            var writer = new RwfWriter(new byte[size]);
            Assert.Equal(CodecReturnCode.BufferTooSmall, MsgEncoder.Encode(ref writer, update));
            Assert.Equal(0, writer.Position);
        }
    }
}
