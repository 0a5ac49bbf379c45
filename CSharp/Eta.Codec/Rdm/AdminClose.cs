namespace Eta.Codec.Rdm;

/// <summary>Closes an admin stream (login, directory, dictionary): a Close message with no payload.</summary>
public static class AdminClose
{
    public static CodecReturnCode Encode(ref RwfEncoder encoder, byte domainType, int streamId)
    {
        Msg msg = Msg.Create(MsgClass.Close, domainType, streamId);
        return MsgEncoder.Encode(ref encoder, msg);
    }
}
