namespace Eta.Codec.Rdm;

/// <summary>
/// The provider's answer to a login: a complete Refresh on the login stream whose key echoes the user name and
/// carries, as an element-list attribute, the provider's attributes and supported features.
/// <code>
/// Refresh, domain Login, flags HasMsgKey RefreshComplete [Solicited] [ClearCache] [HasSeqNum], NoData
///   state (e.g. Open/Ok/None "Login accepted")
///   key: [name], [nameType], attrib ElementList = ApplicationId, ..., SupportOMMPost, SupportBatchRequests,
///        SupportViewRequests, ..., RoundTripLatency (see LoginElements.RefreshOrder)
/// </code>
/// </summary>
public sealed class LoginRefresh
{
    public int StreamId { get; set; } = 1;
    public string? UserName { get; set; }
    public byte? UserNameType { get; set; }
    public RdmState State { get; set; } = RdmState.OpenOk("Login accepted");
    public bool Solicited { get; set; } = true;
    public bool ClearCache { get; set; }
    public uint? SeqNum { get; set; }

    public LoginAttributes Attributes { get; } = new();

    public CodecReturnCode Encode(ref RwfEncoder encoder)
    {
        byte[] name = RdmText.ToArray(UserName);
        if (name.Length > byte.MaxValue)
            return CodecReturnCode.InvalidArgument;

        Msg msg = Msg.Create(MsgClass.Refresh, DomainTypes.Login, StreamId);
        msg.RefreshFlags = RdmRefresh.Flags(Solicited, ClearCache) | (SeqNum.HasValue ? RefreshMsgFlags.HasSeqNum : 0);
        msg.SeqNum = SeqNum ?? 0;
        msg.State = State.ToState();
        msg.Key = LoginKeyAttrib.Key(name, UserNameType);
        return LoginKeyAttrib.Encode(ref encoder, msg, Attributes, LoginElements.RefreshOrder);
    }

    /// <summary>Fills this object from a decoded login refresh (Failure when it is something else).</summary>
    public CodecReturnCode Decode(scoped in Msg msg)
    {
        if (!RdmRefresh.TryRead(msg, DomainTypes.Login, out RdmState state, out bool solicited, out bool clearCache))
            return CodecReturnCode.Failure;
        RefreshMsgFlags flags = msg.RefreshFlags;
        StreamId = msg.StreamId;
        State = state;
        Solicited = solicited;
        ClearCache = clearCache;
        SeqNum = (flags & RefreshMsgFlags.HasSeqNum) != 0 ? msg.SeqNum : null;
        if ((flags & RefreshMsgFlags.HasMsgKey) == 0)
        {
            UserName = null;
            UserNameType = null;
            Attributes.Clear();
            return CodecReturnCode.Success;
        }
        CodecReturnCode rc = LoginKeyAttrib.Read(msg.Key, out string? userName, out byte? nameType, Attributes);
        UserName = userName;
        UserNameType = nameType;
        return rc;
    }
}
