namespace Eta.Codec.Rdm;

/// <summary>
/// The consumer's (or non-interactive provider's) login: a streaming Request on the login domain whose key
/// holds the user name and, as an element-list attribute, the login attributes.
/// <code>
/// Request, domain Login, flags Streaming [NoRefresh] [Pause], NoData
///   key: name = user name, [nameType], attrib ElementList = ApplicationId, ApplicationName, Position,
///        Password, InstanceId, ProvidePermissionProfile, ..., Role, RoundTripLatency (see LoginElements.RequestOrder)
/// </code>
/// </summary>
public sealed class LoginRequest
{
    public int StreamId { get; set; } = 1;

    /// <summary>The user name (required).</summary>
    public string UserName { get; set; } = "";

    /// <summary>See <see cref="LoginUserIdTypes"/>; null leaves the name type off the wire.</summary>
    public byte? UserNameType { get; set; } = LoginUserIdTypes.Name;

    public bool NoRefresh { get; set; }
    public bool Pause { get; set; }

    public LoginAttributes Attributes { get; } = new();

    public CodecReturnCode Encode(ref RwfEncoder encoder)
    {
        byte[] name = RdmText.ToArray(UserName);
        if (name.Length is 0 or > byte.MaxValue)
            return CodecReturnCode.InvalidArgument;

        Msg msg = Msg.Create(MsgClass.Request, DomainTypes.Login, StreamId);
        msg.RequestFlags = RequestMsgFlags.Streaming
            | (NoRefresh ? RequestMsgFlags.NoRefresh : 0)
            | (Pause ? RequestMsgFlags.Pause : 0);
        msg.Key = LoginKeyAttrib.Key(name, UserNameType);
        return LoginKeyAttrib.Encode(ref encoder, msg, Attributes, LoginElements.RequestOrder);
    }

    /// <summary>Fills this object from a decoded login request (Failure when it is something else).</summary>
    public CodecReturnCode Decode(scoped in Msg msg)
    {
        if (msg.MsgClass != MsgClass.Request || msg.DomainType != DomainTypes.Login)
            return CodecReturnCode.Failure;
        StreamId = msg.StreamId;
        NoRefresh = (msg.RequestFlags & RequestMsgFlags.NoRefresh) != 0;
        Pause = (msg.RequestFlags & RequestMsgFlags.Pause) != 0;
        CodecReturnCode rc = LoginKeyAttrib.Read(msg.Key, out string? userName, out byte? nameType, Attributes);
        UserName = userName ?? "";
        UserNameType = nameType;
        return rc;
    }
}
