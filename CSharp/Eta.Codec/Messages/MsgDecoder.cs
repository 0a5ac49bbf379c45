using System.Buffers.Binary;

namespace Eta.Codec;

/// <summary>
/// Decodes a message from a received buffer without copying or allocating: the returned <see cref="Msg"/>
/// points into the buffer. Every member is checked against the header's own size (and every key member
/// against the key's size), so a malformed header yields IncompleteData (a length running past its bounds, as
/// ETA reports it) or InvalidData (an unknown message class), never an exception.
/// </summary>
public static class MsgDecoder
{
    private const int HeaderSizeLength = 2;

    private const UpdateMsgFlags UpdateMembersAfterPrefix =
        UpdateMsgFlags.HasMsgKey | UpdateMsgFlags.HasExtendedHeader | UpdateMsgFlags.HasPostUserInfo;

    /// <summary>Decodes the message that fills <paramref name="buffer"/>; its payload is the rest after the header.</summary>
    public static CodecReturnCode Decode(ReadOnlySpan<byte> buffer, out Msg msg)
    {
        msg = default;
        return Fill(buffer, ref msg);
    }

    // Decodes into an already cleared message. A 'ref' rather than the public 'out': the compiler gives a ref
    // parameter's value the caller's scope, so header members can be read straight into it instead of into a
    // local copied out at the end (that copy of ~300 bytes of spans cost more than the decoding itself).
    private static CodecReturnCode Fill(ReadOnlySpan<byte> buffer, ref Msg msg)
    {
        if (buffer.Length < HeaderSizeLength)
            return CodecReturnCode.IncompleteData;
        int headerSize = BinaryPrimitives.ReadUInt16BigEndian(buffer);
        if (buffer.Length - HeaderSizeLength < headerSize)
            return CodecReturnCode.IncompleteData;

        var r = new HeaderReader(buffer.Slice(HeaderSizeLength, headerSize));
        msg.MsgClass = (MsgClass)(r.Byte() & 0x1F);
        msg.DomainType = r.Byte();
        msg.StreamId = (int)r.UInt32();
        msg.Flags = (ushort)r.U15rb();
        msg.ContainerType = r.ContainerType();
        if (r.Ok && !MsgHeaderCodec.IsKnown(msg.MsgClass))
            r.Fail(CodecReturnCode.InvalidData);

        MsgHeaderCodec.ReadPrefix(ref r, ref msg);
        // An update without key, extended header or post user info (every item update a provider sends) ends with
        // its prefix: it skips the member checks the other classes need.
        if (msg.MsgClass != MsgClass.Update || (msg.UpdateFlags & UpdateMembersAfterPrefix) != 0)
            ReadAfterPrefix(ref r, ref msg);

        if (!r.Ok)
        {
            msg = default;
            return r.Result;
        }
        msg.EncodedDataBody = buffer[(HeaderSizeLength + headerSize)..];
        msg.EncodedMsg = buffer;
        return CodecReturnCode.Success;
    }

    // Key, extended header, class trailer and request key, each when the class and flags say it is there.
    private static void ReadAfterPrefix(scoped ref HeaderReader r, scoped ref Msg msg)
    {
        if (MsgHeaderCodec.HasKey(msg.MsgClass, msg.Flags))
            msg.Key = MsgKeyCodec.Read(ref r);
        if (MsgHeaderCodec.HasExtendedHeader(msg.Flags))
            msg.ExtendedHeader = r.Buffer8();
        MsgHeaderCodec.ReadTrailer(ref r, ref msg);
        if (MsgHeaderCodec.HasReqKey(msg.MsgClass, msg.Flags))
            msg.ReqKey = MsgKeyCodec.Read(ref r);
    }
}
