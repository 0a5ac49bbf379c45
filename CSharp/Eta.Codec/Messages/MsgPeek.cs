using System.Buffers.Binary;

namespace Eta.Codec;

/// <summary>
/// Reads single header members of an encoded message without decoding the rest (ETA's rsslExtract*), for hot
/// paths that only route on class, domain and stream. Offsets are fixed:
/// <code>
/// 0 u16 headerSize | 2 u8 msgClass | 3 u8 domainType | 4 i32 streamId | 8 u15rb flags | ...
/// </code>
/// </summary>
public static class MsgPeek
{
    internal const int MsgClassOffset = 2;
    internal const int DomainTypeOffset = 3;
    internal const int StreamIdOffset = 4;
    internal const int FlagsOffset = 8;

    /// <summary>Class, domain and stream id; IncompleteData when the buffer is shorter than those fields.</summary>
    public static CodecReturnCode Identity(ReadOnlySpan<byte> encodedMsg, out MsgClass msgClass, out byte domainType, out int streamId)
    {
        if (encodedMsg.Length < FlagsOffset)
        {
            msgClass = 0;
            domainType = 0;
            streamId = 0;
            return CodecReturnCode.IncompleteData;
        }
        msgClass = (MsgClass)(encodedMsg[MsgClassOffset] & 0x1F);
        domainType = encodedMsg[DomainTypeOffset];
        streamId = BinaryPrimitives.ReadInt32BigEndian(encodedMsg[StreamIdOffset..]);
        return CodecReturnCode.Success;
    }

    /// <summary>The sequence number of an Update, Refresh, Generic, Post or Ack that carries one (Failure otherwise).</summary>
    public static CodecReturnCode SeqNum(ReadOnlySpan<byte> encodedMsg, out uint seqNum)
    {
        seqNum = 0;
        CodecReturnCode rc = MsgMemberLocator.SeqNum(encodedMsg, out int offset);
        if (rc == CodecReturnCode.Success)
            seqNum = BinaryPrimitives.ReadUInt32BigEndian(encodedMsg[offset..]);
        return rc;
    }

    /// <summary>The post id of a Post that carries one (Failure otherwise).</summary>
    public static CodecReturnCode PostId(ReadOnlySpan<byte> encodedMsg, out uint postId)
    {
        postId = 0;
        CodecReturnCode rc = MsgMemberLocator.PostId(encodedMsg, out int offset);
        if (rc == CodecReturnCode.Success)
            postId = BinaryPrimitives.ReadUInt32BigEndian(encodedMsg[offset..]);
        return rc;
    }
}
