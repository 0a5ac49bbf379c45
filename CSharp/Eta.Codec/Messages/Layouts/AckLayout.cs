namespace Eta.Codec;

/// <summary>
/// Ack header after flags and container type:
/// <code>
/// u32 ackId                           always
/// u8 nakCode                          if HasNakCode
/// u16ob+n text                        if HasText
/// u32 seqNum                          if HasSeqNum
/// key                                 if HasMsgKey
/// u8+n extendedHeader                 if HasExtendedHeader
/// </code>
/// </summary>
internal static class AckLayout
{
    public static void WritePrefix(ref HeaderWriter w, scoped in Msg msg, AckMsgFlags flags)
    {
        w.UInt32(msg.AckId);
        if ((flags & AckMsgFlags.HasNakCode) != 0)
            w.Byte((byte)msg.NakCode);
        if ((flags & AckMsgFlags.HasText) != 0)
            w.Buffer16(msg.Text);
        if ((flags & AckMsgFlags.HasSeqNum) != 0)
            w.UInt32(msg.SeqNum);
    }

    public static void ReadPrefix(scoped ref HeaderReader r, scoped ref Msg msg)
    {
        AckMsgFlags flags = msg.AckFlags;
        msg.AckId = r.UInt32();
        if ((flags & AckMsgFlags.HasNakCode) != 0)
            msg.NakCode = (NakCode)r.Byte();
        if ((flags & AckMsgFlags.HasText) != 0)
            msg.Text = r.Buffer16();
        if ((flags & AckMsgFlags.HasSeqNum) != 0)
            msg.SeqNum = r.UInt32();
    }
}
