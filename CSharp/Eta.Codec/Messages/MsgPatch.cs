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
            return CodecReturnCode.IncompleteData;
        BinaryPrimitives.WriteInt32BigEndian(encodedMsg[MsgPeek.StreamIdOffset..], streamId);
        return CodecReturnCode.Success;
    }

    /// <summary>Replaces the sequence number of a message that carries one (Failure otherwise).</summary>
    public static CodecReturnCode SeqNum(Span<byte> encodedMsg, uint seqNum)
    {
        CodecReturnCode rc = MsgMemberLocator.SeqNum(encodedMsg, out int offset);
        if (rc == CodecReturnCode.Success)
            BinaryPrimitives.WriteUInt32BigEndian(encodedMsg[offset..], seqNum);
        return rc;
    }

    /// <summary>Replaces the post id of a Post that carries one (Failure otherwise).</summary>
    public static CodecReturnCode PostId(Span<byte> encodedMsg, uint postId)
    {
        CodecReturnCode rc = MsgMemberLocator.PostId(encodedMsg, out int offset);
        if (rc == CodecReturnCode.Success)
            BinaryPrimitives.WriteUInt32BigEndian(encodedMsg[offset..], postId);
        return rc;
    }

    /// <summary>
    /// Sets or clears a refresh flag in place (ETA's rsslSetRefreshCompleteFlag / rsslSetSolicitedFlag and
    /// their unset forms). Failure when the message is not a refresh or when the change would alter the width of
    /// the u15rb flags field (the header would have to move).
    /// </summary>
    public static CodecReturnCode SetRefreshFlag(Span<byte> encodedMsg, RefreshMsgFlags flag, bool on)
    {
        if (encodedMsg.Length <= MsgPeek.FlagsOffset)
            return CodecReturnCode.IncompleteData;
        if ((MsgClass)(encodedMsg[MsgPeek.MsgClassOffset] & 0x1F) != MsgClass.Refresh)
            return CodecReturnCode.Failure;
        bool twoBytes = (encodedMsg[MsgPeek.FlagsOffset] & 0x80) != 0;
        if (twoBytes && encodedMsg.Length <= MsgPeek.FlagsOffset + 1)
            return CodecReturnCode.IncompleteData;
        int flags = twoBytes
            ? BinaryPrimitives.ReadUInt16BigEndian(encodedMsg[MsgPeek.FlagsOffset..]) & 0x7FFF
            : encodedMsg[MsgPeek.FlagsOffset];
        flags = on ? flags | (int)flag : flags & ~(int)flag;
        if (twoBytes != flags >= 0x80)
            return CodecReturnCode.Failure;
        if (twoBytes)
            BinaryPrimitives.WriteUInt16BigEndian(encodedMsg[MsgPeek.FlagsOffset..], (ushort)(flags | 0x8000));
        else
            encodedMsg[MsgPeek.FlagsOffset] = (byte)flags;
        return CodecReturnCode.Success;
    }
}
