namespace Eta.Codec;

/// <summary>
/// Update header after flags and container type:
/// <code>
/// u8 updateType                       always
/// u32 seqNum                          if HasSeqNum
/// u15rb conflationCount, u16 conflationTime   if HasConfInfo
/// u15rb+n permData                    if HasPermData
/// key                                 if HasMsgKey
/// u8+n extendedHeader                 if HasExtendedHeader
/// u32 postUserAddr, u32 postUserId    if HasPostUserInfo (and the header has room)
/// </code>
/// </summary>
internal static class UpdateLayout
{
    public static ushort WireFlags(scoped in Msg msg)
    {
        UpdateMsgFlags flags = msg.UpdateFlags;
        if (msg.PermData.IsEmpty)
            flags &= ~UpdateMsgFlags.HasPermData;
        if (msg.ConflationCount == 0 && msg.ConflationTime == 0)
            flags &= ~UpdateMsgFlags.HasConfInfo;
        return (ushort)flags;
    }

    public static void WritePrefix(ref HeaderWriter w, scoped in Msg msg, UpdateMsgFlags flags)
    {
        w.Byte(msg.UpdateType);
        if ((flags & UpdateMsgFlags.HasSeqNum) != 0)
            w.UInt32(msg.SeqNum);
        if ((flags & UpdateMsgFlags.HasConfInfo) != 0)
        {
            w.U15rb(msg.ConflationCount);
            w.UInt16(msg.ConflationTime);
        }
        if ((flags & UpdateMsgFlags.HasPermData) != 0)
            w.Buffer15(msg.PermData);
    }

    public static void WriteTrailer(ref HeaderWriter w, scoped in Msg msg)
    {
        if ((msg.UpdateFlags & UpdateMsgFlags.HasPostUserInfo) != 0)
            TrailerFields.WritePostUserInfo(ref w, msg.PostUserInfo);
    }

    public static void ReadPrefix(scoped ref HeaderReader r, scoped ref Msg msg)
    {
        UpdateMsgFlags flags = msg.UpdateFlags;
        msg.UpdateType = r.Byte();
        if ((flags & UpdateMsgFlags.HasSeqNum) != 0)
            msg.SeqNum = r.UInt32();
        if ((flags & UpdateMsgFlags.HasConfInfo) != 0)
        {
            msg.ConflationCount = r.U15rb();
            msg.ConflationTime = r.UInt16();
        }
        if ((flags & UpdateMsgFlags.HasPermData) != 0)
            msg.PermData = r.Buffer15();
    }

    public static void ReadTrailer(scoped ref HeaderReader r, scoped ref Msg msg)
    {
        if (!TrailerFields.TryReadPostUserInfo(ref r, msg.Flags, (ushort)UpdateMsgFlags.HasPostUserInfo, ref msg))
            msg.UpdateFlags &= ~UpdateMsgFlags.HasPostUserInfo;
    }
}
