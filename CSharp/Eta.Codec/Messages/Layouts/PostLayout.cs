namespace Eta.Codec;

/// <summary>
/// Post header after flags and container type:
/// <code>
/// u32 postUserAddr, u32 postUserId    always
/// u32 seqNum                          if HasSeqNum
/// u32 postId                          if HasPostId
/// u15rb+n permData                    if HasPermData
/// key                                 if HasMsgKey
/// u8+n extendedHeader                 if HasExtendedHeader
/// u15rb partNum                       if HasPartNum (and the header has room)
/// u15rb postUserRights                if HasPostUserRights (and the header has room)
/// </code>
/// </summary>
internal static class PostLayout
{
    public static ushort WireFlags(scoped in Msg msg)
    {
        PostMsgFlags flags = msg.PostFlags;
        if (msg.PermData.IsEmpty)
            flags &= ~PostMsgFlags.HasPermData;
        return (ushort)flags;
    }

    public static void WritePrefix(ref HeaderWriter w, scoped in Msg msg, PostMsgFlags flags)
    {
        TrailerFields.WritePostUserInfo(ref w, msg.PostUserInfo);
        if ((flags & PostMsgFlags.HasSeqNum) != 0)
            w.UInt32(msg.SeqNum);
        if ((flags & PostMsgFlags.HasPostId) != 0)
            w.UInt32(msg.PostId);
        if ((flags & PostMsgFlags.HasPermData) != 0)
            w.Buffer15(msg.PermData);
    }

    public static void WriteTrailer(ref HeaderWriter w, scoped in Msg msg)
    {
        PostMsgFlags flags = msg.PostFlags;
        if ((flags & PostMsgFlags.HasPartNum) != 0)
            w.U15rb(msg.PartNum);
        if ((flags & PostMsgFlags.HasPostUserRights) != 0)
            w.U15rb((int)msg.PostUserRights);
    }

    public static void ReadPrefix(scoped ref HeaderReader r, scoped ref Msg msg)
    {
        PostMsgFlags flags = msg.PostFlags;
        msg.PostUserInfo = TrailerFields.ReadPostUserInfo(ref r);
        if ((flags & PostMsgFlags.HasSeqNum) != 0)
            msg.SeqNum = r.UInt32();
        if ((flags & PostMsgFlags.HasPostId) != 0)
            msg.PostId = r.UInt32();
        if ((flags & PostMsgFlags.HasPermData) != 0)
            msg.PermData = r.Buffer15();
    }

    public static void ReadTrailer(scoped ref HeaderReader r, scoped ref Msg msg)
    {
        if (!TrailerFields.TryReadU15rb(ref r, msg.Flags, (ushort)PostMsgFlags.HasPartNum, out msg.PartNum))
            msg.PostFlags &= ~PostMsgFlags.HasPartNum;
        if (!TrailerFields.TryReadU15rb(ref r, msg.Flags, (ushort)PostMsgFlags.HasPostUserRights, out int rights))
            msg.PostFlags &= ~PostMsgFlags.HasPostUserRights;
        msg.PostUserRights = (PostUserRights)rights;
    }
}
