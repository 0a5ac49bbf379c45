namespace Eta.Codec;

/// <summary>
/// Refresh header after flags and container type:
/// <code>
/// u32 seqNum                          if HasSeqNum
/// state                               always
/// u8+n groupId                        always (ETA writes 02 00 00, group 0, when none is given)
/// u15rb+n permData                    if HasPermData
/// qos                                 if HasQos
/// key                                 if HasMsgKey
/// u8+n extendedHeader                 if HasExtendedHeader
/// u32 postUserAddr, u32 postUserId    if HasPostUserInfo (and the header has room)
/// u15rb partNum                       if HasPartNum (and the header has room)
/// reqKey                              if HasReqMsgKey
/// </code>
/// </summary>
internal static class RefreshLayout
{
    private static ReadOnlySpan<byte> DefaultGroupId => [0, 0];

    public static ushort WireFlags(scoped in Msg msg)
    {
        RefreshMsgFlags flags = msg.RefreshFlags;
        if (msg.PermData.IsEmpty)
            flags &= ~RefreshMsgFlags.HasPermData;
        return (ushort)flags;
    }

    public static void WritePrefix(ref HeaderWriter w, scoped in Msg msg, RefreshMsgFlags flags)
    {
        if ((flags & RefreshMsgFlags.HasSeqNum) != 0)
            w.UInt32(msg.SeqNum);
        QosStateCodec.WriteState(ref w, msg.State);
        w.Buffer8(msg.GroupId.IsEmpty ? DefaultGroupId : msg.GroupId);
        if ((flags & RefreshMsgFlags.HasPermData) != 0)
            w.Buffer15(msg.PermData);
        if ((flags & RefreshMsgFlags.HasQos) != 0)
            QosStateCodec.WriteQos(ref w, msg.Qos);
    }

    public static void WriteTrailer(ref HeaderWriter w, scoped in Msg msg)
    {
        RefreshMsgFlags flags = msg.RefreshFlags;
        if ((flags & RefreshMsgFlags.HasPostUserInfo) != 0)
            TrailerFields.WritePostUserInfo(ref w, msg.PostUserInfo);
        if ((flags & RefreshMsgFlags.HasPartNum) != 0)
            w.U15rb(msg.PartNum);
    }

    public static void ReadPrefix(scoped ref HeaderReader r, scoped ref Msg msg)
    {
        RefreshMsgFlags flags = msg.RefreshFlags;
        if ((flags & RefreshMsgFlags.HasSeqNum) != 0)
            msg.SeqNum = r.UInt32();
        msg.State = QosStateCodec.ReadState(ref r);
        msg.GroupId = r.Buffer8();
        if ((flags & RefreshMsgFlags.HasPermData) != 0)
            msg.PermData = r.Buffer15();
        if ((flags & RefreshMsgFlags.HasQos) != 0)
            msg.Qos = QosStateCodec.ReadQos(ref r);
    }

    public static void ReadTrailer(scoped ref HeaderReader r, scoped ref Msg msg)
    {
        if (!TrailerFields.TryReadPostUserInfo(ref r, msg.Flags, (ushort)RefreshMsgFlags.HasPostUserInfo, ref msg))
            msg.RefreshFlags &= ~RefreshMsgFlags.HasPostUserInfo;
        if (!TrailerFields.TryReadU15rb(ref r, msg.Flags, (ushort)RefreshMsgFlags.HasPartNum, out msg.PartNum))
            msg.RefreshFlags &= ~RefreshMsgFlags.HasPartNum;
    }
}
