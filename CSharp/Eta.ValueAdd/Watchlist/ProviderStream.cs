using Eta.Codec;

namespace Eta.ValueAdd.Watchlist;

/// <summary>Whether a provider stream waits for a solicited refresh (LSEG's WlStream refresh states).</summary>
internal enum RefreshState
{
    NotRequired,
    Pending,

    /// <summary>Part of a multi-part refresh has come: new requests wait until it completes.</summary>
    CompletePending,
}

/// <summary>
/// One stream towards the provider: the aggregated request of every application stream on the same item, the
/// application streams it fans out to (a plain array reused for the stream's life), and those waiting for a
/// multi-part refresh or a snapshot to finish before they can join.
/// </summary>
internal sealed class ProviderStream
{
    private readonly UpdateRoutes _routes;
    private AppRequest[] _requests = new AppRequest[2];
    private bool _isClosed;

    public ProviderStream(int streamId, ItemKey key, WatchlistService service, bool isPrivate, UpdateRoutes routes)
    {
        _routes = routes;
        StreamId = streamId;
        Key = key;
        Service = service;
        IsPrivate = isPrivate;
    }

    public int StreamId { get; }

    public ItemKey Key { get; }

    public WatchlistService Service { get; }

    public bool IsPrivate { get; }

    /// <summary>The aggregated request is streaming (once one streaming request joined, it stays so).</summary>
    public bool Streaming { get; set; }

    public byte PriorityClass { get; private set; } = 1;

    public int PriorityCount { get; private set; } = 1;

    public RefreshState RefreshState { get; set; }

    /// <summary>A request went out and no response (refresh or status) has come yet: the request timer runs.</summary>
    public bool RequestPending { get; set; }

    /// <summary>Which request timer is current; an older one found in the timer queue is ignored.</summary>
    public int TimerGeneration { get; set; }

    /// <summary>The request could not be written (no buffers) and waits in the send-retry queue.</summary>
    public bool SendQueued { get; set; }

    /// <summary>Sent again with NoRefresh only (a priority change): the queued retry must not ask for a refresh.</summary>
    public bool QueuedNoRefresh { get; set; }

    /// <summary>The provider holds this stream open: a request went out and no closing state or final snapshot came back.</summary>
    public bool ProviderOpen { get; set; }

    /// <summary>Gone from the watchlist's tables; timers and retries that still name it are ignored.</summary>
    public bool IsClosed
    {
        get => _isClosed;
        set
        {
            _isClosed = value;
            Reroute();
        }
    }

    public int Count { get; private set; }

    public List<AppRequest> Waiting { get; } = [];

    public AppRequest this[int index] => _requests[index];

    public void Add(AppRequest request)
    {
        if (Count == _requests.Length)
            Array.Resize(ref _requests, Count * 2);
        _requests[Count++] = request;
        request.Stream = this;
        Reroute();
    }

    /// <summary>Removes <paramref name="request"/> keeping the others' order (fan-out follows arrival).</summary>
    public bool Remove(AppRequest request)
    {
        int index = Array.IndexOf(_requests, request, 0, Count);
        if (index < 0)
            return false;
        Count--;
        Array.Copy(_requests, index + 1, _requests, index, Count - index);
        _requests[Count] = null!;
        Reroute();
        return true;
    }

    /// <summary>
    /// Sets this stream's entry in <see cref="UpdateRoutes"/> from what it holds now; called on every change that
    /// can alter it (a request added or removed, a request's state, the stream closed). A closed stream only ever
    /// clears its slot, so one that outlives its id in a callback cannot route a later stream's updates.
    /// </summary>
    public void Reroute()
    {
        bool direct = !_isClosed && Count == 1 && _requests[0].State is AppRequestState.Open or AppRequestState.PendingCompleteRefresh;
        _routes.Set(StreamId, direct ? _requests[0].StreamId : 0);
    }

    /// <summary>Copies the current requests into <paramref name="buffer"/> (grown when short) and returns how many.</summary>
    public int CopyTo(ref AppRequest[] buffer)
    {
        if (buffer.Length < Count)
            buffer = new AppRequest[Math.Max(Count, buffer.Length * 2)];
        Array.Copy(_requests, buffer, Count);
        return Count;
    }

    /// <summary>
    /// LSEG's aggregation of priority: the highest class and the summed count of the streaming requests (a
    /// request without priority counts as 1/1); a stream of snapshots only asks 1/1.
    /// </summary>
    public void RecomputePriority()
    {
        byte priorityClass = 1;
        int count = 0;
        for (int i = 0; i < Count; i++)
        {
            AppRequest request = _requests[i];
            if (!request.IsStreaming)
                continue;
            priorityClass = Math.Max(priorityClass, request.PriorityClass);
            count += request.PriorityCount;
        }
        PriorityClass = priorityClass;
        PriorityCount = Math.Clamp(count, 1, 65535);
    }

    /// <summary>The aggregated request as it goes to the provider; its spans point into this stream's key.</summary>
    public Msg BuildRequest(bool noRefresh)
    {
        Msg msg = Msg.Create(MsgClass.Request, Key.DomainType, StreamId);
        RequestMsgFlags flags = RequestMsgFlags.HasQos | RequestMsgFlags.HasPriority;
        if (Streaming)
            flags |= RequestMsgFlags.Streaming;
        if (IsPrivate)
            flags |= RequestMsgFlags.PrivateStream;
        if (noRefresh)
            flags |= RequestMsgFlags.NoRefresh;
        msg.RequestFlags = flags;
        msg.Qos = Key.Qos;
        msg.PriorityClass = PriorityClass;
        msg.PriorityCount = PriorityCount;
        Key.WriteTo(ref msg.Key);
        return msg;
    }
}
