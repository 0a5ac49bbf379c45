namespace Eta.Codec.Rdm;

/// <summary>
/// A consumer's source directory request.
/// <code>
/// Request, domain Source, flags [Streaming], NoData; key: filter = ServiceFilterFlags, [serviceId]
/// </code>
/// </summary>
public sealed class DirectoryRequest
{
    public int StreamId { get; set; } = 2;
    public ServiceFilterFlags Filter { get; set; } = ServiceFilterFlags.Info | ServiceFilterFlags.State | ServiceFilterFlags.Group;

    /// <summary>Ask for one service only; null asks for all.</summary>
    public int? ServiceId { get; set; }

    public bool Streaming { get; set; } = true;

    public CodecReturnCode Encode(ref RwfEncoder encoder)
    {
        Msg msg = Msg.Create(MsgClass.Request, DomainTypes.Source, StreamId);
        msg.RequestFlags = Streaming ? RequestMsgFlags.Streaming : RequestMsgFlags.None;
        msg.Key = new MsgKey { Flags = MsgKeyFlags.HasFilter, Filter = (uint)Filter };
        if (ServiceId is { } serviceId)
        {
            msg.Key.Flags |= MsgKeyFlags.HasServiceId;
            msg.Key.ServiceId = serviceId;
        }
        return MsgEncoder.Encode(ref encoder, msg);
    }

    /// <summary>Fills this object from a decoded directory request (Failure when it is something else).</summary>
    public CodecReturnCode Decode(scoped in Msg msg)
    {
        if (msg.MsgClass != MsgClass.Request || msg.DomainType != DomainTypes.Source)
            return CodecReturnCode.Failure;
        if (!msg.Key.HasFilter)
            return CodecReturnCode.InvalidData;
        StreamId = msg.StreamId;
        Streaming = (msg.RequestFlags & RequestMsgFlags.Streaming) != 0;
        Filter = (ServiceFilterFlags)msg.Key.Filter;
        ServiceId = msg.Key.HasServiceId ? msg.Key.ServiceId : null;
        return CodecReturnCode.Success;
    }
}
