using System.Buffers.Binary;

namespace Eta.Codec;

/// <summary>
/// The header of an update that carries no optional member but its sequence number (what a provider sends for
/// every item update), written in one step: one bounds check, every field at a fixed offset, no back-filled
/// size. Anything else goes through the layout-driven path, which writes the same bytes
/// (PlainUpdateHeaderTests hold the two equal).
/// <code>
/// u16 headerSize | u8 msgClass | u8 domainType | i32 streamId | u15rb flags | u8 containerType-128
/// u8 updateType | [u32 seqNum]
/// </code>
/// </summary>
internal static class PlainUpdateHeader
{
    // Flags that add members to the header: those headers take the general path.
    internal const UpdateMsgFlags MemberFlags = UpdateMsgFlags.HasExtendedHeader | UpdateMsgFlags.HasPermData
        | UpdateMsgFlags.HasMsgKey | UpdateMsgFlags.HasConfInfo | UpdateMsgFlags.HasPostUserInfo;

    /// <summary>The longest such header: size, class, domain, stream id, 2-byte flags, container type, update type, sequence number.</summary>
    private const int MaxLength = 2 + 1 + 1 + 4 + 2 + 1 + 1 + 4;

    /// <summary>True when the header was written (state set for the payload); false when the general path must run.</summary>
    public static bool TryWrite(ref RwfWriter writer, scoped in Msg msg, out MsgEncodeState state) =>
        TryWrite(ref writer, msg.DomainType, msg.StreamId, msg.ContainerType, (UpdateMsgFlags)UpdateLayout.WireFlags(msg),
            msg.UpdateType, msg.SeqNum, out state);

    /// <summary>The same header from its members alone (no <see cref="Msg"/> to fill): false when <paramref name="flags"/> adds members or the container type is not one.</summary>
    public static bool TryWrite(ref RwfWriter writer, byte domainType, int streamId, int containerType, UpdateMsgFlags flags,
        byte updateType, uint seqNum, out MsgEncodeState state)
    {
        state = default;
        if ((flags & MemberFlags) != 0 || !DataTypes.IsContainer(containerType) || writer.Remaining < MaxLength)
            return false;
        Span<byte> header = writer.Window(MaxLength);
        header[2] = (byte)MsgClass.Update;
        header[3] = domainType;
        BinaryPrimitives.WriteInt32BigEndian(header[4..], streamId);
        int at = 8;
        if ((int)flags < 0x80)
        {
            header[at++] = (byte)flags;
        }
        else
        {
            BinaryPrimitives.WriteUInt16BigEndian(header[at..], (ushort)((int)flags | 0x8000));
            at += 2;
        }
        header[at++] = DataTypes.ToWireContainerType(containerType);
        header[at++] = updateType;
        if ((flags & UpdateMsgFlags.HasSeqNum) != 0)
        {
            BinaryPrimitives.WriteUInt32BigEndian(header[at..], seqNum);
            at += 4;
        }
        BinaryPrimitives.WriteUInt16BigEndian(header, (ushort)(at - 2));
        state.Start = writer.Position;
        state.HeaderSlot = new LengthSlot(writer.Position, 2, LengthEncoding.UInt16);
        state.Next = MsgEncodeState.Stage.Payload;
        writer.Advance(at);
        return true;
    }
}
