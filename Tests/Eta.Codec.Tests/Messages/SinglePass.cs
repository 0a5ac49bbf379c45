using Xunit;

namespace Eta.Codec.Tests.Messages;

/// <summary>
/// Drives the single-pass encoder the way an application does: header, then the key attribute and the payload
/// encoded in place with the container encoder, then completion.
/// </summary>
internal static class SinglePass
{
    public delegate CodecReturnCode EncodeStep(ref RwfEncoder encoder);

    public static CodecReturnCode Nothing(ref RwfEncoder encoder) => CodecReturnCode.SUCCESS;

    public static byte[] Encode(scoped in Msg msg, EncodeStep attrib, EncodeStep payload)
    {
        byte[] buffer = new byte[1024];
        var encoder = new RwfEncoder(buffer);
        CodecReturnCode rc = MsgEncoder.EncodeInit(ref encoder, msg, out MsgEncodeState state);
        if (rc == CodecReturnCode.ENCODE_MSG_KEY_ATTRIB)
        {
            Assert.True(state.AwaitingKeyAttrib);
            Assert.Equal(CodecReturnCode.SUCCESS, attrib(ref encoder));
            rc = MsgEncoder.EncodeKeyAttribComplete(ref encoder, msg, ref state, success: true);
        }
        Assert.Equal(msg.ContainerType == DataTypes.NO_DATA ? CodecReturnCode.SUCCESS : CodecReturnCode.ENCODE_CONTAINER, rc);
        Assert.True(state.AwaitingPayload);
        Assert.Equal(CodecReturnCode.SUCCESS, payload(ref encoder));
        Assert.Equal(CodecReturnCode.SUCCESS, MsgEncoder.EncodeComplete(ref encoder, ref state, success: true));
        return encoder.Written.ToArray();
    }
}
