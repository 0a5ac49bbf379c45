namespace Eta.Codec;

/// <summary>
/// Finds where a fixed-size member sits in an encoded header by skipping only what precedes it, for
/// <see cref="MsgPeek"/> and <see cref="MsgPatch"/>. Every offset returned has the member's 4 bytes inside
/// the header.
/// </summary>
internal static class MsgMemberLocator
{
    private const int PostUserInfoSize = 8;

    public static CodecReturnCode SeqNum(ReadOnlySpan<byte> encodedMsg, out int offset)
    {
        offset = 0;
        CodecReturnCode rc = AfterContainerType(encodedMsg, out MsgClass msgClass, out ushort flags, out HeaderReader r, out int headerStart);
        if (rc != CodecReturnCode.Success)
            return rc;
        switch (msgClass)
        {
            case MsgClass.Update when (flags & (ushort)UpdateMsgFlags.HasSeqNum) != 0:
                r.Byte(); // update type
                break;
            case MsgClass.Refresh when (flags & (ushort)RefreshMsgFlags.HasSeqNum) != 0:
            case MsgClass.Generic when (flags & (ushort)GenericMsgFlags.HasSeqNum) != 0:
                break;
            case MsgClass.Post when (flags & (ushort)PostMsgFlags.HasSeqNum) != 0:
                r.Bytes(PostUserInfoSize);
                break;
            case MsgClass.Ack when (flags & (ushort)AckMsgFlags.HasSeqNum) != 0:
                r.UInt32(); // ack id
                if ((flags & (ushort)AckMsgFlags.HasNakCode) != 0)
                    r.Byte();
                if ((flags & (ushort)AckMsgFlags.HasText) != 0)
                    r.Buffer16();
                break;
            default:
                return CodecReturnCode.Failure;
        }
        return Locate(ref r, headerStart, out offset);
    }

    public static CodecReturnCode PostId(ReadOnlySpan<byte> encodedMsg, out int offset)
    {
        offset = 0;
        CodecReturnCode rc = AfterContainerType(encodedMsg, out MsgClass msgClass, out ushort flags, out HeaderReader r, out int headerStart);
        if (rc != CodecReturnCode.Success)
            return rc;
        if (msgClass != MsgClass.Post || (flags & (ushort)PostMsgFlags.HasPostId) == 0)
            return CodecReturnCode.Failure;
        r.Bytes(PostUserInfoSize);
        if ((flags & (ushort)PostMsgFlags.HasSeqNum) != 0)
            r.UInt32();
        return Locate(ref r, headerStart, out offset);
    }

    // Positions a header reader just after the container type byte.
    private static CodecReturnCode AfterContainerType(ReadOnlySpan<byte> encodedMsg, out MsgClass msgClass, out ushort flags, out HeaderReader r, out int headerStart)
    {
        msgClass = 0;
        flags = 0;
        headerStart = MsgPeek.MsgClassOffset;
        r = default;
        if (encodedMsg.Length < MsgPeek.MsgClassOffset)
            return CodecReturnCode.IncompleteData;
        int headerSize = encodedMsg[0] << 8 | encodedMsg[1];
        if (encodedMsg.Length - MsgPeek.MsgClassOffset < headerSize)
            return CodecReturnCode.IncompleteData;
        r = new HeaderReader(encodedMsg.Slice(MsgPeek.MsgClassOffset, headerSize));
        msgClass = (MsgClass)(r.Byte() & 0x1F);
        r.Bytes(MsgPeek.FlagsOffset - MsgPeek.DomainTypeOffset); // domain type and stream id
        flags = (ushort)r.U15rb();
        r.Byte(); // container type
        return r.Result;
    }

    // The member starts at the reader's position; it must fit in the header.
    private static CodecReturnCode Locate(ref HeaderReader r, int headerStart, out int offset)
    {
        offset = headerStart + r.Consumed;
        r.UInt32();
        return r.Result;
    }
}
