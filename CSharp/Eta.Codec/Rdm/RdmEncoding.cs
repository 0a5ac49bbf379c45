namespace Eta.Codec.Rdm;

/// <summary>Steps shared by the RDM message encoders.</summary>
internal static class RdmEncoding
{
    /// <summary>Completes the message when its payload went well, otherwise rolls it back and reports why.</summary>
    public static CodecReturnCode Finish(ref RwfEncoder encoder, ref MsgEncodeState state, CodecReturnCode payloadResult)
    {
        if (payloadResult < CodecReturnCode.SUCCESS)
        {
            MsgEncoder.EncodeComplete(ref encoder, ref state, success: false);
            return payloadResult;
        }
        return MsgEncoder.EncodeComplete(ref encoder, ref state, success: true);
    }
}
