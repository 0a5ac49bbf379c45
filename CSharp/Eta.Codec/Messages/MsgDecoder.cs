using System.Buffers.Binary;

namespace Eta.Codec;

/// <summary>
/// Decodes a message from a received buffer without copying or allocating: the returned <see cref="Msg"/>
/// points into the buffer. Every member is checked against the header's own size (and every key member
/// against the key's size), so a malformed header yields INCOMPLETE_DATA (a length running past its bounds, as
/// ETA reports it) or INVALID_DATA (an unknown message class), never an exception.
/// </summary>
public static class MsgDecoder
{
    private const int HeaderSizeLength = 2;

    /// <summary>Decodes the message that fills <paramref name="buffer"/>; its payload is the rest after the header.</summary>
    public static CodecReturnCode Decode(ReadOnlySpan<byte> buffer, out Msg msg)
    {
        msg = default;
        if (buffer.Length < HeaderSizeLength)
            return CodecReturnCode.INCOMPLETE_DATA;
        int headerSize = BinaryPrimitives.ReadUInt16BigEndian(buffer);
        if (buffer.Length - HeaderSizeLength < headerSize)
            return CodecReturnCode.INCOMPLETE_DATA;

        var r = new HeaderReader(buffer.Slice(HeaderSizeLength, headerSize));
        Msg m = default;
        m.MsgClass = (MsgClass)(r.Byte() & 0x1F);
        m.DomainType = r.Byte();
        m.StreamId = (int)r.UInt32();
        m.Flags = (ushort)r.U15rb();
        m.ContainerType = r.ContainerType();
        if (r.Ok && !MsgHeaderCodec.IsKnown(m.MsgClass))
            r.Fail(CodecReturnCode.INVALID_DATA);

        MsgHeaderCodec.ReadPrefix(ref r, ref m);
        if (MsgHeaderCodec.HasKey(m.MsgClass, m.Flags))
            m.Key = MsgKeyCodec.Read(ref r);
        if (MsgHeaderCodec.HasExtendedHeader(m.Flags))
            m.ExtendedHeader = r.Buffer8();
        MsgHeaderCodec.ReadTrailer(ref r, ref m);
        if (MsgHeaderCodec.HasReqKey(m.MsgClass, m.Flags))
            m.ReqKey = MsgKeyCodec.Read(ref r);

        if (!r.Ok)
            return r.Result;
        m.EncodedDataBody = buffer[(HeaderSizeLength + headerSize)..];
        m.EncodedMsg = buffer;
        msg = m;
        return CodecReturnCode.SUCCESS;
    }
}
