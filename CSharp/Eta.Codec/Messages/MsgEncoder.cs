using System.Runtime.CompilerServices;

namespace Eta.Codec;

/// <summary>
/// Encodes a <see cref="Msg"/> into the caller's buffer in a single pass (no intermediate copies):
/// <list type="number">
/// <item><see cref="Encode"/> when the key attribute (if any) and the payload are already encoded; or</item>
/// <item><see cref="EncodeInit"/>, then the key attribute encoded in place with the same writer followed by
/// <see cref="EncodeKeyAttribComplete"/> (only when EncodeInit returned EncodeMsgKeyAttrib), then the payload
/// container encoded in place, then <see cref="EncodeComplete"/>.</item>
/// </list>
/// Every call returns a <see cref="CodecReturnCode"/>; on failure the writer is left at the message start.
/// </summary>
public static class MsgEncoder
{
    /// <summary>
    /// Encodes the whole message: header, then <see cref="Msg.EncodedDataBody"/> as the payload. A key attribute
    /// must be supplied pre-encoded (InvalidArgument otherwise).
    /// </summary>
    public static CodecReturnCode Encode(ref RwfWriter writer, scoped in Msg msg)
    {
        int start = writer.Position;
        CodecReturnCode rc = EncodeInit(ref writer, msg, out MsgEncodeState state);
        if (rc == CodecReturnCode.EncodeMsgKeyAttrib)
            rc = CodecReturnCode.InvalidArgument;
        if (rc >= CodecReturnCode.Success)
            rc = writer.WriteBytes(msg.EncodedDataBody);
        if (rc < CodecReturnCode.Success)
        {
            writer.Rollback(start);
            return rc;
        }
        return EncodeComplete(ref writer, ref state, success: true);
    }

    /// <summary>
    /// Encodes the header. Returns EncodeMsgKeyAttrib when the key has an attribute to encode in place
    /// (<see cref="MsgKey.EncodedAttrib"/> empty), EncodeContainer when the payload is to be encoded next, or
    /// Success when the message has no payload (NoData); call <see cref="EncodeComplete"/> in every case.
    /// </summary>
    public static CodecReturnCode EncodeInit(ref RwfWriter writer, scoped in Msg msg, out MsgEncodeState state)
    {
        if (msg.MsgClass == MsgClass.Update && PlainUpdateHeader.TryWrite(ref writer, msg, out state))
            return msg.ContainerType == DataTypes.NoData ? CodecReturnCode.Success : CodecReturnCode.EncodeContainer;
        return EncodeInitByLayout(ref writer, msg, out state);
    }

    /// <summary>
    /// EncodeInit for an update whose header carries no optional member but a sequence number (what a provider sends
    /// for every item update), from its members alone: the same bytes as <see cref="EncodeInit(ref RwfWriter, in Msg, out MsgEncodeState)"/>
    /// for such a <see cref="Msg"/>, without filling one (a Msg is a few hundred bytes to clear per message).
    /// Returns what EncodeInit returns (EncodeContainer, or Success for NoData; call <see cref="EncodeComplete"/>
    /// after), BufferTooSmall, or InvalidArgument when <paramref name="flags"/> announce members (key, extended
    /// header, permission data, conflation or post user info) or <paramref name="containerType"/> is no container.
    /// </summary>
    public static CodecReturnCode EncodeUpdateInit(ref RwfWriter writer, byte domainType, int streamId, int containerType,
        out MsgEncodeState state, UpdateMsgFlags flags = UpdateMsgFlags.None, byte updateType = 0, uint seqNum = 0)
    {
        if (PlainUpdateHeader.TryWrite(ref writer, domainType, streamId, containerType, flags, updateType, seqNum, out state))
            return containerType == DataTypes.NoData ? CodecReturnCode.Success : CodecReturnCode.EncodeContainer;
        if ((flags & PlainUpdateHeader.MemberFlags) != 0 || !DataTypes.IsContainer(containerType))
            return CodecReturnCode.InvalidArgument;
        return EncodeUpdateInitByLayout(ref writer, domainType, streamId, containerType, flags, updateType, seqNum, out state);
    }

    // Less room than the longest plain header: the layout path writes what fits, as EncodeInit does. Kept out of
    // line so that the Msg it fills is not cleared on every call of the one-step path.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static CodecReturnCode EncodeUpdateInitByLayout(ref RwfWriter writer, byte domainType, int streamId, int containerType,
        UpdateMsgFlags flags, byte updateType, uint seqNum, out MsgEncodeState state)
    {
        Msg msg = Msg.Create(MsgClass.Update, domainType, streamId, containerType);
        msg.UpdateFlags = flags;
        msg.UpdateType = updateType;
        msg.SeqNum = seqNum;
        return EncodeInitByLayout(ref writer, msg, out state);
    }

    /// <summary>EncodeInit for any header, member by member through the class's layout.</summary>
    internal static CodecReturnCode EncodeInitByLayout(ref RwfWriter writer, scoped in Msg msg, out MsgEncodeState state)
    {
        state = default;
        if (!MsgHeaderCodec.IsKnown(msg.MsgClass))
            return CodecReturnCode.InvalidArgument;

        var w = new HeaderWriter(writer);
        state.Start = writer.Position;
        state.HeaderSlot = w.Reserve(LengthEncoding.UInt16);
        w.Byte((byte)msg.MsgClass);
        w.Byte(msg.DomainType);
        w.UInt32((uint)msg.StreamId);
        ushort flags = MsgHeaderCodec.WireFlags(msg);
        w.U15rb(flags);
        w.ContainerType(msg.ContainerType);
        MsgHeaderCodec.WritePrefix(ref w, msg, flags);
        if (MsgHeaderCodec.HasKey(msg.MsgClass, flags))
        {
            MsgKeyCodec.Write(ref w, msg.Key, out state.KeySlot, out LengthSlot? attribSlot);
            if (attribSlot is { } slot && w.Ok)
            {
                state.AttribSlot = slot;
                state.Next = MsgEncodeState.Stage.KeyAttrib;
                writer = w.Inner;
                return CodecReturnCode.EncodeMsgKeyAttrib;
            }
        }
        return FinishHeader(ref writer, ref w, msg, flags, ref state);
    }

    /// <summary>
    /// Closes the key attribute the caller encoded in place after EncodeMsgKeyAttrib and writes the rest of
    /// the header. With <paramref name="success"/> false the whole message is rolled back.
    /// </summary>
    public static CodecReturnCode EncodeKeyAttribComplete(ref RwfWriter writer, scoped in Msg msg, ref MsgEncodeState state, bool success)
    {
        if (state.Next != MsgEncodeState.Stage.KeyAttrib)
            return CodecReturnCode.UnexpectedEncoderCall;
        if (!success)
            return Abandon(ref writer, ref state);
        var w = new HeaderWriter(writer);
        w.Complete(state.AttribSlot);
        w.Complete(state.KeySlot);
        return FinishHeader(ref writer, ref w, msg, MsgHeaderCodec.WireFlags(msg), ref state);
    }

    /// <summary>
    /// Finishes the message after its payload (if any) was encoded in place. With <paramref name="success"/>
    /// false the whole message is rolled back.
    /// </summary>
    public static CodecReturnCode EncodeComplete(ref RwfWriter writer, ref MsgEncodeState state, bool success)
    {
        if (state.Next != MsgEncodeState.Stage.Payload)
            return CodecReturnCode.UnexpectedEncoderCall;
        if (!success)
            return Abandon(ref writer, ref state);
        state.Next = MsgEncodeState.Stage.None;
        return CodecReturnCode.Success;
    }

    // The same calls over a container encoder, so attribute and payload are encoded in place with its API.

    public static CodecReturnCode Encode(ref RwfEncoder encoder, scoped in Msg msg) =>
        Encode(ref encoder.Writer, msg);

    public static CodecReturnCode EncodeInit(ref RwfEncoder encoder, scoped in Msg msg, out MsgEncodeState state) =>
        EncodeInit(ref encoder.Writer, msg, out state);

    public static CodecReturnCode EncodeKeyAttribComplete(ref RwfEncoder encoder, scoped in Msg msg, ref MsgEncodeState state, bool success) =>
        EncodeKeyAttribComplete(ref encoder.Writer, msg, ref state, success);

    public static CodecReturnCode EncodeComplete(ref RwfEncoder encoder, ref MsgEncodeState state, bool success) =>
        EncodeComplete(ref encoder.Writer, ref state, success);

    // Everything after the key: extended header, trailing members, request key, then the header size.
    private static CodecReturnCode FinishHeader(ref RwfWriter writer, ref HeaderWriter w, scoped in Msg msg, ushort flags, ref MsgEncodeState state)
    {
        if (MsgHeaderCodec.HasExtendedHeader(flags))
            w.Buffer8(msg.ExtendedHeader);
        MsgHeaderCodec.WriteTrailer(ref w, msg);
        if (MsgHeaderCodec.HasReqKey(msg.MsgClass, flags))
        {
            MsgKeyCodec.Write(ref w, msg.ReqKey, out _, out LengthSlot? reqAttribSlot);
            if (reqAttribSlot.HasValue)
                w.Fail(CodecReturnCode.InvalidArgument); // a request key's attribute must come pre-encoded
        }
        w.Complete(state.HeaderSlot);
        if (!w.Ok)
        {
            CodecReturnCode failure = w.Result;
            Abandon(ref writer, ref state);
            return failure;
        }
        writer = w.Inner;
        state.Next = MsgEncodeState.Stage.Payload;
        return msg.ContainerType == DataTypes.NoData ? CodecReturnCode.Success : CodecReturnCode.EncodeContainer;
    }

    private static CodecReturnCode Abandon(ref RwfWriter writer, ref MsgEncodeState state)
    {
        writer.Rollback(state.Start);
        state = default;
        return CodecReturnCode.Success;
    }
}
