namespace Eta.Codec.Rdm;

/// <summary>
/// A provider's source directory: a Refresh on the Source domain whose payload maps service ids to services.
/// <code>
/// Refresh, domain Source, flags HasMsgKey RefreshComplete [Solicited] [ClearCache], Map
///   state, key: filter = ServiceFilterFlags, [serviceId]
///   Map(key UInt service id, FilterList): per service, one ElementList filter entry per filter
///   (Info = 1, State = 2, Load = 4; see <see cref="Service"/>)
/// </code>
/// </summary>
public sealed class DirectoryRefresh
{
    public int StreamId { get; set; } = 2;
    public ServiceFilterFlags Filter { get; set; } = ServiceFilterFlags.Info | ServiceFilterFlags.State | ServiceFilterFlags.Group;

    /// <summary>Set when the refresh answers a request for one service.</summary>
    public int? ServiceId { get; set; }

    public RdmState State { get; set; } = RdmState.OpenOk("Source Directory Refresh Completed");
    public bool Solicited { get; set; } = true;
    public bool ClearCache { get; set; } = true;
    public List<Service> Services { get; } = [];

    public CodecReturnCode Encode(ref RwfEncoder encoder)
    {
        Msg msg = Msg.Create(MsgClass.Refresh, DomainTypes.Source, StreamId, DataTypes.Map);
        msg.RefreshFlags = RdmRefresh.Flags(Solicited, ClearCache);
        msg.State = State.ToState();
        msg.Key = DirectoryKey.Create(Filter, ServiceId);
        return RdmEncoding.EncodeWithPayload(ref encoder, msg, this, static (ref RwfEncoder e, DirectoryRefresh r) =>
            DirectoryServices.Encode(ref e, r.Services, r.Filter));
    }

    /// <summary>Fills this object from a decoded directory refresh (Failure when it is something else).</summary>
    public CodecReturnCode Decode(scoped in Msg msg)
    {
        if (!RdmRefresh.TryRead(msg, DomainTypes.Source, out RdmState state, out bool solicited, out bool clearCache))
            return CodecReturnCode.Failure;
        StreamId = msg.StreamId;
        State = state;
        Solicited = solicited;
        ClearCache = clearCache;
        bool hasKey = (msg.RefreshFlags & RefreshMsgFlags.HasMsgKey) != 0;
        Filter = hasKey && msg.Key.HasFilter ? (ServiceFilterFlags)msg.Key.Filter : ServiceFilterFlags.None;
        ServiceId = hasKey && msg.Key.HasServiceId ? msg.Key.ServiceId : null;
        return DirectoryServices.Decode(msg.ContainerType, msg.EncodedDataBody, Services);
    }
}
