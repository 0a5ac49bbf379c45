using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd.Watchlist;

/// <summary>Application requests and closes: finding the service, aggregating, sending the provider request.</summary>
public sealed partial class ConsumerWatchlist
{
    /// <summary>
    /// Set while many requests are (re)opened at once (recovery, timeouts): like LSEG's watchlist, each provider
    /// stream's aggregated request then goes out once, after all of them joined, instead of once per request.
    /// </summary>
    private bool _batching;

    private WatchlistReturnCode SubmitRequest(scoped in Msg msg, string? serviceName)
    {
        if (msg.StreamId <= 0)
            return Invalid($"Application stream ids are positive; got {msg.StreamId}.");
        if ((msg.RequestFlags & RequestMsgFlags.HasView) != 0)
            return Invalid("Views are not supported by this watchlist.");
        if (serviceName is not null && msg.Key.HasServiceId)
            return Invalid("Cannot submit request with both service name and service id specified.");
        if (serviceName is null && !msg.Key.HasServiceId)
            return Invalid("A request names its service: give a service name or a service id in its key.");
        if ((msg.RequestFlags & RequestMsgFlags.HasBatch) != 0)
            return SubmitBatch(msg, serviceName);
        if (_requests.TryGetValue(msg.StreamId, out AppRequest? existing))
            return Reissue(existing, msg, serviceName);
        if (msg.DomainType is DomainTypes.Login or DomainTypes.Source)
            return Invalid("Login and directory streams belong to the consumer role, not to the watchlist.");
        if ((msg.RequestFlags & RequestMsgFlags.NoRefresh) != 0)
            return Invalid("Cannot submit new item request to watchlist with NO_REFRESH flag set.");

        var request = new AppRequest(msg, serviceName);
        _requests.Add(request.StreamId, request);
        OpenRequest(request);
        return WatchlistReturnCode.Success;
    }

    private WatchlistReturnCode Reissue(AppRequest request, scoped in Msg msg, string? serviceName)
    {
        if (!request.SameItem(msg, serviceName))
            return Invalid("A reissue may not change the item's key, domain or service.");
        request.Update(msg);
        if (request.Stream is not { } stream || request.IsWaiting)
            return WatchlistReturnCode.Success;     // the new flags go out when the request does
        if (request.IsStreaming)
            stream.Streaming = true;
        stream.RecomputePriority();
        if (request.WantsRefresh)
        {
            request.State = AppRequestState.PendingRefresh;
            SendRequest(stream, noRefresh: false);
        }
        else
        {
            request.ClearNoRefresh();
            SendRequest(stream, noRefresh: true);
        }
        return WatchlistReturnCode.Success;
    }

    /// <summary>Puts a request on a provider stream (a new one, or the one its item already has), or makes it pending.</summary>
    private void OpenRequest(AppRequest request)
    {
        WatchlistService? service = request.ServiceName is { } name ? _services.ByName(name) : _services.ById(request.RequestedServiceId);
        Qos matched = Qos.Blank;
        byte[]? problem =
            service is null ? StatusTexts.ServiceNotAvailable
            : !service.CanTakeRequests ? StatusTexts.ServiceNotUp
            : !service.Supports(request.DomainType) ? StatusTexts.CapabilityNotSupported
            : request.DomainType != DomainTypes.Dictionary && !MatchQos(request, service, out matched) ? StatusTexts.NoMatchingQos
            : null;
        if (problem is not null)
        {
            request.State = AppRequestState.PendingRequest;
            bool keep = CanRecover(request);
            QueueStatus(request, keep ? (byte)StreamStates.Open : (byte)StreamStates.ClosedRecover, problem);
            if (keep)
                _pending.Add(request);
            return;
        }

        request.MatchedQos = matched;
        ItemKey key = request.Key.On(service!.ServiceId, matched);
        if (!request.IsPrivate && _aggregated.TryGetValue(key, out ProviderStream? stream))
        {
            Join(stream, request);
            return;
        }
        stream = new ProviderStream(NextStreamId(), key, service, request.IsPrivate, _routes) { Streaming = request.IsStreaming };
        stream.Add(request);
        request.State = AppRequestState.PendingRefresh;
        stream.RecomputePriority();
        _streams.Add(stream.StreamId, stream);
        if (!stream.IsPrivate)
            _aggregated.Add(key, stream);
        service.Streams.Add(stream);
        SendRequest(stream, noRefresh: false);
    }

    private bool MatchQos(AppRequest request, WatchlistService service, out Qos matched) =>
        request.HasStaticQos
            ? QosMatch.TryMatch(service.QosList, true, request.MatchedQos, false, Qos.Blank, out matched)
            : QosMatch.TryMatch(service.QosList, request.HasQos, request.Qos, request.HasWorstQos, request.WorstQos, out matched);

    /// <summary>
    /// A request for an item that already has a provider stream, as LSEG's watchlist does it: the aggregated
    /// request (priority summed, streaming if any is) goes out again on the same stream and the provider's solicited
    /// refresh answers the requests waiting for one; a snapshot joins a refresh already asked for; during a multi-part
    /// refresh, or a snapshot stream's refresh, a request waits until it completes.
    /// </summary>
    private void Join(ProviderStream stream, AppRequest request)
    {
        bool canJoin = stream.RefreshState == RefreshState.NotRequired
            || (stream.Streaming && stream.RefreshState == RefreshState.Pending);
        if (!canJoin)
        {
            if (!stream.Streaming && stream.RefreshState == RefreshState.Pending && !request.IsStreaming)
            {
                stream.Add(request);
                request.State = AppRequestState.PendingRefresh;
                return;
            }
            request.State = AppRequestState.PendingRequest;
            request.Stream = stream;
            request.IsWaiting = true;
            stream.Waiting.Add(request);
            return;
        }
        stream.Add(request);
        request.State = AppRequestState.PendingRefresh;
        if (!request.IsStreaming && stream.RefreshState == RefreshState.Pending)
            return;
        if (request.IsStreaming)
            stream.Streaming = true;
        stream.RecomputePriority();
        SendRequest(stream, noRefresh: false);
    }

    /// <summary>Writes the stream's aggregated request; without a buffer it is queued and sent again by <see cref="Dispatch"/>.</summary>
    private void SendRequest(ProviderStream stream, bool noRefresh)
    {
        if (!noRefresh)
            stream.RefreshState = RefreshState.Pending;
        if (_batching)
        {
            QueueSend(stream, noRefresh);
            return;
        }
        Msg request = stream.BuildRequest(noRefresh);
        if (_channel.Send(request) == WatchlistSendResult.Sent)
        {
            stream.ProviderOpen = true;
            if (!noRefresh)
                StartRequestTimer(stream);
            return;
        }
        QueueSend(stream, noRefresh);
    }

    private void QueueSend(ProviderStream stream, bool noRefresh)
    {
        if (stream.SendQueued)
        {
            stream.QueuedNoRefresh &= noRefresh;
            return;
        }
        stream.SendQueued = true;
        stream.QueuedNoRefresh = noRefresh;
        _sendRetries.Enqueue(stream);
    }

    private void StartRequestTimer(ProviderStream stream)
    {
        stream.RequestPending = true;
        if (_options.RequestTimeout <= TimeSpan.Zero)
            return;
        stream.TimerGeneration++;
        _requestTimers.Enqueue(new RequestTimer(stream, _clock() + _options.RequestTimeoutTicks, stream.TimerGeneration));
    }

    private void RetrySends()
    {
        for (int n = _sendRetries.Count; n > 0 && _sendRetries.TryDequeue(out ProviderStream? stream); n--)
        {
            if (stream.IsClosed || !stream.SendQueued)
                continue;
            stream.SendQueued = false;
            SendRequest(stream, stream.QueuedNoRefresh);
        }
    }

    private WatchlistReturnCode SubmitClose(scoped in Msg msg)
    {
        if (!_requests.Remove(msg.StreamId, out AppRequest? request))
            return Invalid($"No watchlist stream has id {msg.StreamId}.");
        Detach(request, closing: true);
        return WatchlistReturnCode.Success;
    }

    /// <summary>
    /// Takes a request off its provider stream, waiting list or pending table. The last request off a stream
    /// closes it towards the provider; one of several lowers the aggregated priority (sent with NoRefresh).
    /// </summary>
    private void Detach(AppRequest request, bool closing)
    {
        ProviderStream? stream = request.Stream;
        request.Stream = null;
        if (stream is null)
        {
            _pending.Remove(request);
            return;
        }
        if (request.IsWaiting)
        {
            request.IsWaiting = false;
            stream.Waiting.Remove(request);
        }
        else
        {
            stream.Remove(request);
        }
        if (stream.Count == 0 && stream.Waiting.Count == 0)
        {
            ReleaseStream(stream, sendClose: true);
            return;
        }
        if (closing && request.IsStreaming && stream.Count > 0 && stream.ProviderOpen)
        {
            byte oldClass = stream.PriorityClass;
            int oldCount = stream.PriorityCount;
            stream.RecomputePriority();
            if (stream.Streaming && (stream.PriorityClass != oldClass || stream.PriorityCount != oldCount))
                SendRequest(stream, noRefresh: true);
        }
    }

    /// <summary>Drops a provider stream from every table; closes it towards the provider when asked and it is open there.</summary>
    private void ReleaseStream(ProviderStream stream, bool sendClose)
    {
        if (stream.IsClosed)
            return;
        stream.IsClosed = true;
        _streams.Remove(stream.StreamId);
        if (!stream.IsPrivate && _aggregated.TryGetValue(stream.Key, out ProviderStream? same) && same == stream)
            _aggregated.Remove(stream.Key);
        stream.Service.Streams.Remove(stream);
        if (sendClose && stream.ProviderOpen)
        {
            Msg close = Msg.Create(MsgClass.Close, stream.Key.DomainType, stream.StreamId);
            _channel.Send(close);
        }
        stream.ProviderOpen = false;
    }

    /// <summary>LSEG's rule: a request outlives a Closed-Recover when it is not private, not a dictionary already received, and SingleOpen is on.</summary>
    private bool CanRecover(AppRequest request) =>
        _options.SingleOpen && !request.IsPrivate
        && (request.DomainType != DomainTypes.Dictionary || request.State != AppRequestState.Open);

    private void RetryPending(WatchlistService service)
    {
        List<AppRequest>? waiting = _pending.TakeFor(service);
        if (waiting is null)
            return;
        _batching = true;
        try
        {
            foreach (AppRequest request in waiting)
            {
                if (request.Stream is null && _requests.TryGetValue(request.StreamId, out AppRequest? same) && same == request)
                {
                    request.ClearNoRefresh();
                    OpenRequest(request);
                }
            }
        }
        finally
        {
            _batching = false;
        }
        RetrySends();
    }

    private void QueueStatus(AppRequest request, byte streamState, byte[] text) =>
        _queuedStatuses.Enqueue(new QueuedStatus(request.StreamId, request.DomainType, streamState, text));

    private void DeliverQueuedStatuses()
    {
        for (int n = _queuedStatuses.Count; n > 0 && _queuedStatuses.TryDequeue(out QueuedStatus queued); n--)
        {
            if (!_requests.TryGetValue(queued.AppStreamId, out AppRequest? request))
                continue;   // closed by the application meanwhile
            if (queued.StreamState == StreamStates.Open && request.State != AppRequestState.PendingRequest)
                continue;   // opened meanwhile: the Suspect it was queued to report is over
            if (queued.StreamState != StreamStates.Open)
            {
                _requests.Remove(queued.AppStreamId);
                Detach(request, closing: true);
            }
            DeliverStatus(queued.AppStreamId, queued.DomainType, queued.StreamState, DataStates.Suspect, StateCodes.None, queued.Text);
        }
    }

    private void DeliverStatus(int appStreamId, byte domainType, byte streamState, byte dataState, byte code, ReadOnlySpan<byte> text)
    {
        Msg status = Msg.Create(MsgClass.Status, domainType, appStreamId);
        status.StatusFlags = StatusMsgFlags.HasState;
        status.State = new State(streamState, dataState, code, text);
        _listener.OnMsg(status);
    }
}
