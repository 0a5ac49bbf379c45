namespace Eta.Codec.Rdm;

/// <summary>
/// A request for a dictionary from a service (e.g. "RWFFld", "RWFEnum").
/// <code>
/// Request, domain Dictionary, flags [Streaming], NoData; key: serviceId, name, filter = verbosity
/// </code>
/// </summary>
public sealed class DictionaryRequest
{
    public int StreamId { get; set; } = 3;
    public int ServiceId { get; set; }
    public string DictionaryName { get; set; } = DictionaryNames.Field;
    public DictionaryVerbosity Verbosity { get; set; } = DictionaryVerbosity.Normal;
    public bool Streaming { get; set; }

    public CodecReturnCode Encode(ref RwfEncoder encoder)
    {
        byte[] name = RdmText.ToArray(DictionaryName);
        if (name.Length is 0 or > byte.MaxValue)
            return CodecReturnCode.InvalidArgument;

        Msg msg = Msg.Create(MsgClass.Request, DomainTypes.Dictionary, StreamId);
        msg.RequestFlags = Streaming ? RequestMsgFlags.Streaming : RequestMsgFlags.None;
        msg.Key = new MsgKey
        {
            Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName | MsgKeyFlags.HasFilter,
            ServiceId = ServiceId,
            Name = name,
            Filter = (uint)Verbosity,
        };
        return MsgEncoder.Encode(ref encoder, msg);
    }

    /// <summary>Fills this object from a decoded dictionary request (Failure when it is something else).</summary>
    public CodecReturnCode Decode(scoped in Msg msg)
    {
        if (msg.MsgClass != MsgClass.Request || msg.DomainType != DomainTypes.Dictionary)
            return CodecReturnCode.Failure;
        if (!msg.Key.HasName || !msg.Key.HasServiceId || !msg.Key.HasFilter)
            return CodecReturnCode.InvalidData;
        StreamId = msg.StreamId;
        Streaming = (msg.RequestFlags & RequestMsgFlags.Streaming) != 0;
        ServiceId = msg.Key.ServiceId;
        DictionaryName = RdmText.FromBytes(msg.Key.Name);
        Verbosity = (DictionaryVerbosity)msg.Key.Filter;
        return CodecReturnCode.Success;
    }
}
