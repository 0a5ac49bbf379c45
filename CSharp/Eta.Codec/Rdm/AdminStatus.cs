namespace Eta.Codec.Rdm;

/// <summary>
/// A Status on an admin stream (login, source directory, dictionary): typically closing it ("Login denied",
/// "Dictionary not found") or reporting a state change.
/// <code>
/// Status, domain Login | Source | Dictionary, flags [HasState] [HasMsgKey], NoData; key: name [nameType]
/// </code>
/// </summary>
public sealed class AdminStatus
{
    public byte DomainType { get; set; } = DomainTypes.Login;
    public int StreamId { get; set; } = 1;
    public RdmState? State { get; set; }

    /// <summary>Key name: the user name on the login stream, the dictionary name on a dictionary stream.</summary>
    public string? Name { get; set; }
    public byte? NameType { get; set; }

    public CodecReturnCode Encode(ref RwfEncoder encoder)
    {
        byte[] name = RdmText.ToArray(Name);
        if (name.Length > byte.MaxValue)
            return CodecReturnCode.InvalidArgument;

        Msg msg = Msg.Create(MsgClass.Status, DomainType, StreamId);
        if (State is { } state)
        {
            msg.StatusFlags |= StatusMsgFlags.HasState;
            msg.State = state.ToState();
        }
        if (name.Length > 0)
        {
            msg.StatusFlags |= StatusMsgFlags.HasMsgKey;
            msg.Key.Flags = MsgKeyFlags.HasName | (NameType.HasValue ? MsgKeyFlags.HasNameType : 0);
            msg.Key.Name = name;
            msg.Key.NameType = NameType ?? 0;
        }
        return MsgEncoder.Encode(ref encoder, msg);
    }

    /// <summary>Fills this object from a decoded status of any admin domain (Failure when it is something else).</summary>
    public CodecReturnCode Decode(scoped in Msg msg)
    {
        if (msg.MsgClass != MsgClass.Status || !IsAdminDomain(msg.DomainType))
            return CodecReturnCode.Failure;
        DomainType = msg.DomainType;
        StreamId = msg.StreamId;
        State = (msg.StatusFlags & StatusMsgFlags.HasState) != 0 ? RdmState.From(msg.State) : null;
        bool hasName = (msg.StatusFlags & StatusMsgFlags.HasMsgKey) != 0 && msg.Key.HasName;
        Name = hasName ? RdmText.FromBytes(msg.Key.Name) : null;
        NameType = hasName && msg.Key.HasNameType ? msg.Key.NameType : null;
        return CodecReturnCode.Success;
    }

    private static bool IsAdminDomain(byte domainType) =>
        domainType is DomainTypes.Login or DomainTypes.Source or DomainTypes.Dictionary;
}
