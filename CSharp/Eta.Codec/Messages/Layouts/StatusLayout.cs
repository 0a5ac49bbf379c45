namespace Eta.Codec;

/// <summary>
/// Status header after flags and container type:
/// <code>
/// state                               if HasState
/// u8+n groupId                        if HasGroupId
/// u15rb+n permData                    if HasPermData
/// key                                 if HasMsgKey
/// u8+n extendedHeader                 if HasExtendedHeader
/// u32 postUserAddr, u32 postUserId    if HasPostUserInfo (and the header has room)
/// reqKey                              if HasReqMsgKey
/// </code>
/// </summary>
internal static class StatusLayout
{
    public static ushort WireFlags(scoped in Msg msg)
    {
        StatusMsgFlags flags = msg.StatusFlags;
        if (msg.PermData.IsEmpty)
            flags &= ~StatusMsgFlags.HasPermData;
        if (msg.GroupId.IsEmpty)
            flags &= ~StatusMsgFlags.HasGroupId;
        return (ushort)flags;
    }

    public static void WritePrefix(ref HeaderWriter w, scoped in Msg msg, StatusMsgFlags flags)
    {
        if ((flags & StatusMsgFlags.HasState) != 0)
            QosStateCodec.WriteState(ref w, msg.State);
        if ((flags & StatusMsgFlags.HasGroupId) != 0)
            w.Buffer8(msg.GroupId);
        if ((flags & StatusMsgFlags.HasPermData) != 0)
            w.Buffer15(msg.PermData);
    }

    public static void WriteTrailer(ref HeaderWriter w, scoped in Msg msg)
    {
        if ((msg.StatusFlags & StatusMsgFlags.HasPostUserInfo) != 0)
            TrailerFields.WritePostUserInfo(ref w, msg.PostUserInfo);
    }

    public static void ReadPrefix(scoped ref HeaderReader r, scoped ref Msg msg)
    {
        StatusMsgFlags flags = msg.StatusFlags;
        if ((flags & StatusMsgFlags.HasState) != 0)
            msg.State = QosStateCodec.ReadState(ref r);
        if ((flags & StatusMsgFlags.HasGroupId) != 0)
            msg.GroupId = r.Buffer8();
        if ((flags & StatusMsgFlags.HasPermData) != 0)
            msg.PermData = r.Buffer15();
    }

    public static void ReadTrailer(scoped ref HeaderReader r, scoped ref Msg msg)
    {
        if (!TrailerFields.TryReadPostUserInfo(ref r, msg.Flags, (ushort)StatusMsgFlags.HasPostUserInfo, ref msg))
            msg.StatusFlags &= ~StatusMsgFlags.HasPostUserInfo;
    }
}
