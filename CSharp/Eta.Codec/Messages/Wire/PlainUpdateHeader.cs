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
    private const UpdateMsgFlags MemberFlags = UpdateMsgFlags.HasExtendedHeader | UpdateMsgFlags.HasPermData
        | UpdateMsgFlags.HasMsgKey | UpdateMsgFlags.HasConfInfo | UpdateMsgFlags.HasPostUserInfo;

    /// <summary>The longest such header: size, class, domain, stream id, 2-byte flags, container type, update type, sequence number.</summary>
    private const int MaxLength = 2 + 1 + 1 + 4 + 2 + 1 + 1 + 4;

    /// <summary>True when the header was written (state set for the payload); false when the general path must run.</summary>
    public static bool TryWrite(ref RwfWriter writer, scoped in Msg msg, out MsgEncodeState state)
    {
        state = default;
        UpdateMsgFlags flags = (UpdateMsgFlags)UpdateLayout.WireFlags(msg);
        if ((flags & MemberFlags) != 0 || !DataTypes.IsContainer(msg.ContainerType) || writer.Remaining < MaxLength)
            return false;
        Span<byte> header = writer.Window(MaxLength);
        header[2] = (byte)MsgClass.Update;
        header[3] = msg.DomainType;
        BinaryPrimitives.WriteInt32BigEndian(header[4..], msg.StreamId);
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
        header[at++] = DataTypes.ToWireContainerType(msg.ContainerType);
        header[at++] = msg.UpdateType;
        if ((flags & UpdateMsgFlags.HasSeqNum) != 0)
        {
            BinaryPrimitives.WriteUInt32BigEndian(header[at..], msg.SeqNum);
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
