namespace Eta.Codec.Rdm;

/// <summary>
/// A change to the source directory (service added, removed, state or load changed): an Update on the Source
/// domain with the same service map as <see cref="DirectoryRefresh"/>, usually with Update entries.
/// <code>
/// Update, domain Source, flags [HasMsgKey] [HasSeqNum], Map; key: filter, [serviceId]
/// </code>
/// </summary>
public sealed class DirectoryUpdate
{
    public int StreamId { get; set; } = 2;

    /// <summary>Which filters the entries carry; also sent in the key when <see cref="SendKey"/> is set.</summary>
    public ServiceFilterFlags Filter { get; set; } = ServiceFilterFlags.State;
    public bool SendKey { get; set; }
    public int? ServiceId { get; set; }
    public uint? SeqNum { get; set; }
    public List<Service> Services { get; } = [];

    public CodecReturnCode Encode(ref RwfEncoder encoder)
    {
        Msg msg = Msg.Create(MsgClass.Update, DomainTypes.Source, StreamId, DataTypes.Map);
        msg.UpdateFlags = (SendKey ? UpdateMsgFlags.HasMsgKey : 0) | (SeqNum.HasValue ? UpdateMsgFlags.HasSeqNum : 0);
        msg.SeqNum = SeqNum ?? 0;
        if (SendKey)
            msg.Key = DirectoryKey.Create(Filter, ServiceId);
        return RdmEncoding.EncodeWithPayload(ref encoder, msg, this, static (ref RwfEncoder e, DirectoryUpdate u) =>
            DirectoryServices.Encode(ref e, u.Services, u.Filter));
    }

    /// <summary>Fills this object from a decoded directory update (Failure when it is something else).</summary>
    public CodecReturnCode Decode(scoped in Msg msg)
    {
        if (msg.MsgClass != MsgClass.Update || msg.DomainType != DomainTypes.Source)
            return CodecReturnCode.Failure;
        UpdateMsgFlags flags = msg.UpdateFlags;
        StreamId = msg.StreamId;
        SendKey = (flags & UpdateMsgFlags.HasMsgKey) != 0;
        Filter = SendKey && msg.Key.HasFilter ? (ServiceFilterFlags)msg.Key.Filter : ServiceFilterFlags.None;
        ServiceId = SendKey && msg.Key.HasServiceId ? msg.Key.ServiceId : null;
        SeqNum = (flags & UpdateMsgFlags.HasSeqNum) != 0 ? msg.SeqNum : null;
        return DirectoryServices.Decode(msg.ContainerType, msg.EncodedDataBody, Services);
    }
}
