namespace Eta.Codec.Rdm;

/// <summary>
/// A Status on the login stream, typically closing it ("Login denied") or reporting the connection state.
/// <code>
/// Status, domain Login, flags [HasState] [HasMsgKey], NO_DATA; key: name [nameType]
/// </code>
/// </summary>
public sealed class LoginStatus
{
    public int StreamId { get; set; } = 1;
    public RdmState? State { get; set; }
    public string? UserName { get; set; }
    public byte? UserNameType { get; set; }

    public CodecReturnCode Encode(ref RwfEncoder encoder)
    {
        byte[] name = RdmText.ToArray(UserName);
        if (name.Length > byte.MaxValue)
            return CodecReturnCode.INVALID_ARGUMENT;

        Msg msg = Msg.Create(MsgClass.Status, DomainTypes.Login, StreamId);
        if (State is { } state)
        {
            msg.StatusFlags |= StatusMsgFlags.HasState;
            msg.State = state.ToState();
        }
        if (name.Length > 0)
        {
            msg.StatusFlags |= StatusMsgFlags.HasMsgKey;
            msg.Key.Flags = MsgKeyFlags.HasName | (UserNameType.HasValue ? MsgKeyFlags.HasNameType : 0);
            msg.Key.Name = name;
            msg.Key.NameType = UserNameType ?? 0;
        }
        return MsgEncoder.Encode(ref encoder, msg);
    }

    /// <summary>Fills this object from a decoded login status (FAILURE when it is something else).</summary>
    public CodecReturnCode Decode(scoped in Msg msg)
    {
        if (msg.MsgClass != MsgClass.Status || msg.DomainType != DomainTypes.Login)
            return CodecReturnCode.FAILURE;
        StreamId = msg.StreamId;
        State = (msg.StatusFlags & StatusMsgFlags.HasState) != 0 ? RdmState.From(msg.State) : null;
        bool hasName = (msg.StatusFlags & StatusMsgFlags.HasMsgKey) != 0 && msg.Key.HasName;
        UserName = hasName ? RdmText.FromBytes(msg.Key.Name) : null;
        UserNameType = hasName && msg.Key.HasNameType ? msg.Key.NameType : null;
        return CodecReturnCode.SUCCESS;
    }
}
