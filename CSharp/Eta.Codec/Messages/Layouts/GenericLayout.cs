namespace Eta.Codec;

/// <summary>
/// Generic header after flags and container type:
/// <code>
/// u32 seqNum                          if HasSeqNum
/// u32 secondarySeqNum                 if HasSecondarySeqNum
/// u15rb+n permData                    if HasPermData
/// key                                 if HasMsgKey
/// u8+n extendedHeader                 if HasExtendedHeader
/// u15rb partNum                       if HasPartNum (and the header has room)
/// reqKey                              if HasReqMsgKey
/// </code>
/// </summary>
internal static class GenericLayout
{
    public static ushort WireFlags(scoped in Msg msg)
    {
        GenericMsgFlags flags = msg.GenericFlags;
        if (msg.PermData.IsEmpty)
            flags &= ~GenericMsgFlags.HasPermData;
        return (ushort)flags;
    }

    public static void WritePrefix(ref HeaderWriter w, scoped in Msg msg, GenericMsgFlags flags)
    {
        if ((flags & GenericMsgFlags.HasSeqNum) != 0)
            w.UInt32(msg.SeqNum);
        if ((flags & GenericMsgFlags.HasSecondarySeqNum) != 0)
            w.UInt32(msg.SecondarySeqNum);
        if ((flags & GenericMsgFlags.HasPermData) != 0)
            w.Buffer15(msg.PermData);
    }

    public static void WriteTrailer(ref HeaderWriter w, scoped in Msg msg)
    {
        if ((msg.GenericFlags & GenericMsgFlags.HasPartNum) != 0)
            w.U15rb(msg.PartNum);
    }

    public static void ReadPrefix(scoped ref HeaderReader r, scoped ref Msg msg)
    {
        GenericMsgFlags flags = msg.GenericFlags;
        if ((flags & GenericMsgFlags.HasSeqNum) != 0)
            msg.SeqNum = r.UInt32();
        if ((flags & GenericMsgFlags.HasSecondarySeqNum) != 0)
            msg.SecondarySeqNum = r.UInt32();
        if ((flags & GenericMsgFlags.HasPermData) != 0)
            msg.PermData = r.Buffer15();
    }

    public static void ReadTrailer(scoped ref HeaderReader r, scoped ref Msg msg)
    {
        if (!TrailerFields.TryReadU15rb(ref r, msg.Flags, (ushort)GenericMsgFlags.HasPartNum, out msg.PartNum))
            msg.GenericFlags &= ~GenericMsgFlags.HasPartNum;
    }
}
