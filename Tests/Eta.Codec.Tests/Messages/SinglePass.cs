using Xunit;

namespace Eta.Codec.Tests.Messages;

/// <summary>
/// Drives the single-pass encoder the way an application does: header, then the key attribute and the payload
/// encoded in place with the container encoder, then completion.
/// </summary>
internal static class SinglePass
{
    public delegate CodecReturnCode EncodeStep(ref RwfEncoder encoder);

    public static CodecReturnCode Nothing(ref RwfEncoder encoder) => CodecReturnCode.Success;

    public static byte[] Encode(scoped in Msg msg, EncodeStep attrib, EncodeStep payload)
    {
        byte[] buffer = new byte[1024];
        var encoder = new RwfEncoder(buffer);
        CodecReturnCode rc = MsgEncoder.EncodeInit(ref encoder, msg, out MsgEncodeState state);
        if (rc == CodecReturnCode.EncodeMsgKeyAttrib)
        {
            Assert.True(state.AwaitingKeyAttrib);
            Assert.Equal(CodecReturnCode.Success, attrib(ref encoder));
            rc = MsgEncoder.EncodeKeyAttribComplete(ref encoder, msg, ref state, success: true);
        }
        Assert.Equal(msg.ContainerType == DataTypes.NoData ? CodecReturnCode.Success : CodecReturnCode.EncodeContainer, rc);
        Assert.True(state.AwaitingPayload);
        Assert.Equal(CodecReturnCode.Success, payload(ref encoder));
        Assert.Equal(CodecReturnCode.Success, MsgEncoder.EncodeComplete(ref encoder, ref state, success: true));
        return encoder.Written.ToArray();
    }
}
