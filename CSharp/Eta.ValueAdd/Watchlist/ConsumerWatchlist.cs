using System.Diagnostics;
using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd.Watchlist;

/// <summary>
/// The consumer watchlist of the Value Added Reactor, as a state machine between the application and one channel:
/// the application submits item requests (by service name or id), closes, posts and generic messages on its own
/// stream ids; identical requests share one provider stream whose refreshes, updates and statuses are fanned out to
/// every application stream on it; items closed with Closed-Recover, on a lost service or on a lost channel are
/// requested again when their service is back, under the same application stream ids, the application seeing
/// Open/Suspect meanwhile; requests and posts that get no answer in time are timed out.
/// </summary>
/// <remarks>
/// Not thread-safe: the consumer role calls it from its one dispatch thread. The listener may call
/// <see cref="Submit"/> from inside <see cref="IWatchlistListener.OnMsg"/>. An update fanned out allocates nothing.
/// </remarks>
public sealed partial class ConsumerWatchlist
{
    private readonly WatchlistOptions _options;
    private readonly IWatchlistChannel _channel;
    private readonly IWatchlistListener _listener;
    private readonly Func<long> _clock;
    private readonly ServiceDirectory _services = new();
    private readonly Dictionary<int, AppRequest> _requests;
    private readonly Dictionary<int, ProviderStream> _streams;
    private readonly UpdateRoutes _routes;
    private readonly Dictionary<ItemKey, ProviderStream> _aggregated;
    private readonly PendingRequests _pending = new();
    private readonly Queue<QueuedStatus> _queuedStatuses = new();
    private readonly Queue<RequestTimer> _requestTimers;
    private readonly Queue<ProviderStream> _sendRetries = new();
    private readonly PostTracker _posts;
    private int _lastStreamId;

    /// <param name="clock">Stopwatch timestamps (tests pass their own); <see cref="Stopwatch.GetTimestamp"/> by default.</param>
    public ConsumerWatchlist(WatchlistOptions options, IWatchlistChannel channel, IWatchlistListener listener, Func<long>? clock = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(channel);
        ArgumentNullException.ThrowIfNull(listener);
        options.Validate();
        _options = options;
        _channel = channel;
        _listener = listener;
        _clock = clock ?? Stopwatch.GetTimestamp;
        int hint = options.ItemCountHint;
        _requests = new Dictionary<int, AppRequest>(hint);
        _streams = new Dictionary<int, ProviderStream>(hint);
        _routes = new UpdateRoutes(options.FirstStreamId, hint);
        _aggregated = new Dictionary<ItemKey, ProviderStream>(hint);
        _requestTimers = new Queue<RequestTimer>(options.RequestTimeout > TimeSpan.Zero ? hint : 0);
        _posts = new PostTracker(options.PostAckTimeoutTicks, Math.Min(hint, options.MaxOutstandingPosts));
        _lastStreamId = options.FirstStreamId - 1;
    }

    /// <summary>Why the last <see cref="Submit"/> returned a negative code.</summary>
    public string? LastError { get; private set; }

    /// <summary>Application streams the watchlist holds (open, waiting for a refresh, or waiting to be recovered).</summary>
    public int RequestCount => _requests.Count;

    /// <summary>
    /// The application stream id the updates of <paramref name="providerStreamId"/> go straight to (one request on
    /// the stream, with its refresh), or 0 when they take the full path.
    /// </summary>
    internal int DirectUpdateRoute(int providerStreamId) => _routes.Find(providerStreamId);

    /// <summary>Streams open towards the provider.</summary>
    public int ProviderStreamCount => _streams.Count;

    /// <summary>Posts waiting for their ack.</summary>
    public int OutstandingPosts => _posts.Outstanding;

    /// <summary>
    /// Takes one message from the application: a Request (new or reissue), Close, Post or Generic on an
    /// application stream id. <paramref name="serviceName"/> names the service of a new request instead of the
    /// key's service id (one or the other, not both).
    /// </summary>
    public WatchlistReturnCode Submit(scoped in Msg msg, string? serviceName = null)
    {
        LastError = null;
        return msg.MsgClass switch
        {
            MsgClass.Request => SubmitRequest(msg, serviceName),
            MsgClass.Close => SubmitClose(msg),
            MsgClass.Post => SubmitPost(msg),
            MsgClass.Generic => SubmitGeneric(msg),
            _ => Invalid($"A {msg.MsgClass} message cannot be submitted to the watchlist."),
        };
    }

    /// <summary>
    /// Runs what time or earlier events made due: statuses queued by <see cref="Submit"/>, request and post-ack
    /// timeouts, requests that found no output buffer. Call it from the role's dispatch loop.
    /// </summary>
    public void Dispatch()
    {
        DeliverQueuedStatuses();
        DeliverClosedBatches();
        long now = _clock();
        ExpireRequests(now);
        ExpirePosts(now);
        RetrySends();
    }

    /// <summary>
    /// Applies source-directory entries (from a directory refresh or update): new or recovered services get their
    /// pending requests sent, a service's status is passed to its items, a deleted service's items are recovered.
    /// </summary>
    public void OnDirectory(IReadOnlyList<Service> services)
    {
        ArgumentNullException.ThrowIfNull(services);
        for (int i = 0; i < services.Count; i++)
        {
            Service entry = services[i];
            WatchlistService? service = _services.Apply(entry, out bool deleted);
            if (service is null)
                continue;
            if (deleted)
            {
                RecoverAll(service.Streams.ToArray(), StatusTexts.ServiceLost);
                continue;
            }
            if (entry.State?.Status is { } status && service.Streams.Count > 0)
                ApplyServiceStatus(service, status);
            if (service.CanTakeRequests)
                RetryPending(service);
        }
    }

    /// <summary>
    /// The channel went down: every item is recovered (the application sees Open/Suspect "channel down.") and waits
    /// for the directory of the next connection.
    /// </summary>
    public void OnChannelDown()
    {
        _services.Clear();
        _sendRetries.Clear();
        _requestTimers.Clear();
        var streams = new ProviderStream[_streams.Count];
        _streams.Values.CopyTo(streams, 0);
        RecoverAll(streams, StatusTexts.ChannelDown);
    }

    /// <summary>
    /// The channel is gone for good (closed by the application, or lost with no reconnection left): every request
    /// and stream is dropped without a message (the channel-down event says it all). The watchlist is empty after.
    /// </summary>
    public void Close()
    {
        foreach (ProviderStream stream in _streams.Values)
            stream.IsClosed = true;
        _streams.Clear();
        _aggregated.Clear();
        _requests.Clear();
        _pending.Clear();
        _services.Clear();
        _queuedStatuses.Clear();
        _closedBatches.Clear();
        _requestTimers.Clear();
        _sendRetries.Clear();
        _posts.Clear();
    }

    private WatchlistReturnCode Invalid(string error)
    {
        LastError = error;
        return WatchlistReturnCode.InvalidUsage;
    }

    private int NextStreamId()
    {
        do
        {
            _lastStreamId = _lastStreamId == int.MaxValue ? _options.FirstStreamId : _lastStreamId + 1;
        }
        while (_streams.ContainsKey(_lastStreamId));
        return _lastStreamId;
    }

    private readonly record struct RequestTimer(ProviderStream Stream, long Due, int Generation);

    private readonly record struct QueuedStatus(int AppStreamId, byte DomainType, byte StreamState, byte[] Text);
}
