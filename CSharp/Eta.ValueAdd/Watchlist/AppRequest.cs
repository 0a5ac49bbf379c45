using Eta.Codec;

namespace Eta.ValueAdd.Watchlist;

/// <summary>Where an application request stands (LSEG's WlRequest states).</summary>
internal enum AppRequestState
{
    /// <summary>Not on any provider stream: waiting for its service, a QoS match, or a retry.</summary>
    PendingRequest,

    /// <summary>On a provider stream, waiting for its solicited refresh.</summary>
    PendingRefresh,

    /// <summary>Has received part of a multi-part refresh.</summary>
    PendingCompleteRefresh,

    Open,
}

/// <summary>
/// One application stream: a copy of the request the application submitted (its spans pointed into the
/// application's buffer), the service it named, and the provider stream it rides on.
/// </summary>
internal sealed class AppRequest
{
    private AppRequestState _state;

    public AppRequest(scoped in Msg request, string? serviceName)
    {
        StreamId = request.StreamId;
        DomainType = request.DomainType;
        ServiceName = serviceName;
        Key = ItemKey.FromRequest(request);
        RequestedServiceId = request.Key.HasServiceId ? request.Key.ServiceId : -1;
        Update(request);
    }

    public int StreamId { get; }

    public byte DomainType { get; }

    /// <summary>The service named at submit, or null when the key's service id names it.</summary>
    public string? ServiceName { get; }

    /// <summary>The key's service id when the request named its service by id, else -1.</summary>
    public int RequestedServiceId { get; }

    /// <summary>The request's key (service id filled in once a service is found).</summary>
    public ItemKey Key { get; }

    public RequestMsgFlags Flags { get; private set; }

    public Qos Qos { get; private set; }

    public Qos WorstQos { get; private set; }

    public byte PriorityClass { get; private set; }

    public int PriorityCount { get; private set; }

    /// <summary>Where it stands; a change re-routes the updates of the stream it rides on.</summary>
    public AppRequestState State
    {
        get => _state;
        set
        {
            _state = value;
            if (Stream is { } stream && !IsWaiting)
                stream.Reroute();
        }
    }

    /// <summary>The provider stream it rides on, or waits on (<see cref="IsWaiting"/>); null while pending.</summary>
    public ProviderStream? Stream { get; set; }

    /// <summary>Waiting on <see cref="Stream"/> for a multi-part refresh or a snapshot to finish before joining it.</summary>
    public bool IsWaiting { get; set; }

    /// <summary>A request whose first refresh came on a static QoS keeps that QoS when it is recovered.</summary>
    public bool HasStaticQos { get; set; }

    public Qos MatchedQos { get; set; }

    public bool IsStreaming => (Flags & RequestMsgFlags.Streaming) != 0;

    public bool IsPrivate => (Flags & RequestMsgFlags.PrivateStream) != 0;

    public bool WantsRefresh => (Flags & RequestMsgFlags.NoRefresh) == 0;

    public bool HasQos => (Flags & RequestMsgFlags.HasQos) != 0;

    public bool HasWorstQos => (Flags & RequestMsgFlags.HasWorstQos) != 0;

    /// <summary>Takes the flags, QoS and priority of a (re)issued request; the key stays the first one's.</summary>
    public void Update(scoped in Msg request)
    {
        Flags = request.RequestFlags;
        Qos = HasQos ? request.Qos : Qos.Blank;
        WorstQos = HasWorstQos ? request.WorstQos : Qos.Blank;
        bool hasPriority = (Flags & RequestMsgFlags.HasPriority) != 0;
        PriorityClass = hasPriority ? request.PriorityClass : (byte)1;
        PriorityCount = hasPriority ? request.PriorityCount : 1;
    }

    /// <summary>After a refresh was asked for again: the flag must not stick to the copy used for recovery.</summary>
    public void ClearNoRefresh() => Flags &= ~RequestMsgFlags.NoRefresh;

    /// <summary>True when <paramref name="request"/> names the same item as this one (a reissue may not change it).</summary>
    public bool SameItem(scoped in Msg request, string? serviceName) =>
        request.DomainType == DomainType
        && string.Equals(serviceName, ServiceName, StringComparison.Ordinal)
        && (request.Key.HasServiceId ? request.Key.ServiceId : -1) == RequestedServiceId
        && Key.SameName(request.Key);
}
