using System.Buffers.Binary;

namespace Eta.Codec;

/// <summary>
/// Rewrites fixed-size header members of an already encoded message in place (ETA's rsslReplace*), so a tool
/// can re-send a pre-encoded message on another stream or with the next sequence number without re-encoding.
/// </summary>
public static class MsgPatch
{
    public static CodecReturnCode StreamId(Span<byte> encodedMsg, int streamId)
    {
        if (encodedMsg.Length < MsgPeek.FlagsOffset)
            return CodecReturnCode.INCOMPLETE_DATA;
        BinaryPrimitives.WriteInt32BigEndian(encodedMsg[MsgPeek.StreamIdOffset..], streamId);
        return CodecReturnCode.SUCCESS;
    }

    /// <summary>Replaces the sequence number of a message that carries one (FAILURE otherwise).</summary>
    public static CodecReturnCode SeqNum(Span<byte> encodedMsg, uint seqNum)
    {
        CodecReturnCode rc = MsgMemberLocator.SeqNum(encodedMsg, out int offset);
        if (rc == CodecReturnCode.SUCCESS)
            BinaryPrimitives.WriteUInt32BigEndian(encodedMsg[offset..], seqNum);
        return rc;
    }

    /// <summary>Replaces the post id of a Post that carries one (FAILURE otherwise).</summary>
    public static CodecReturnCode PostId(Span<byte> encodedMsg, uint postId)
    {
        CodecReturnCode rc = MsgMemberLocator.PostId(encodedMsg, out int offset);
        if (rc == CodecReturnCode.SUCCESS)
            BinaryPrimitives.WriteUInt32BigEndian(encodedMsg[offset..], postId);
        return rc;
    }
}
