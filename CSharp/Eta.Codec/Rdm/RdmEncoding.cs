namespace Eta.Codec.Rdm;

/// <summary>Steps shared by the RDM message encoders.</summary>
internal static class RdmEncoding
{
    /// <summary>Writes a message's payload in place (see <see cref="EncodeWithPayload"/>).</summary>
    public delegate CodecReturnCode PayloadWriter<T>(ref RwfEncoder encoder, T value);

    /// <summary>
    /// Encodes <paramref name="msg"/>'s header, then its payload with <paramref name="writePayload"/>, then
    /// completes it; a failure anywhere rolls the message back.
    /// </summary>
    public static CodecReturnCode EncodeWithPayload<T>(ref RwfEncoder encoder, scoped in Msg msg, T value, PayloadWriter<T> writePayload)
    {
        CodecReturnCode rc = MsgEncoder.EncodeInit(ref encoder, msg, out MsgEncodeState state);
        if (rc != CodecReturnCode.EncodeContainer)
            return rc < CodecReturnCode.Success ? rc : CodecReturnCode.Failure;
        return Finish(ref encoder, ref state, writePayload(ref encoder, value));
    }

    /// <summary>Completes the message when its payload went well, otherwise rolls it back and reports why.</summary>
    public static CodecReturnCode Finish(ref RwfEncoder encoder, ref MsgEncodeState state, CodecReturnCode payloadResult)
    {
        if (payloadResult < CodecReturnCode.Success)
        {
            MsgEncoder.EncodeComplete(ref encoder, ref state, success: false);
            return payloadResult;
        }
        return MsgEncoder.EncodeComplete(ref encoder, ref state, success: true);
    }
}
