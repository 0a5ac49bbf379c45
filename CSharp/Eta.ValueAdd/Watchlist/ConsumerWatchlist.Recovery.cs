using System.Text;
using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd.Watchlist;

/// <summary>Streams that end without the application asking: closed by the provider, lost with their service or channel, timed out.</summary>
public sealed partial class ConsumerWatchlist
{
    /// <summary>
    /// The provider closed the stream. With Closed-Recover each recoverable request is told Open/Suspect (the
    /// provider's code and text) and is requested again on a new stream as soon as its service takes requests;
    /// otherwise the application gets the provider's message and its stream ends.
    /// </summary>
    private void CloseFromProvider(ProviderStream stream, scoped in Msg msg, State state)
    {
        stream.ProviderOpen = false;
        AppRequest[] requests = DetachAll(stream);
        Msg closing = msg;
        foreach (AppRequest request in requests)
        {
            if (!_requests.TryGetValue(request.StreamId, out AppRequest? same) || same != request)
                continue;   // closed by the application from an earlier callback of this loop
            bool recover = state.StreamState == StreamStates.ClosedRecover && CanRecover(request);
            request.State = AppRequestState.PendingRequest;
            if (recover)
            {
                _pending.Add(request);
                DeliverStatus(request.StreamId, request.DomainType, StreamStates.Open, DataStates.Suspect, state.Code, state.Text);
            }
            else
            {
                _requests.Remove(request.StreamId);
                closing.StreamId = request.StreamId;
                _listener.OnMsg(closing);
            }
        }
        if (_services.ById(stream.Service.ServiceId) == stream.Service && stream.Service.CanTakeRequests)
            RetryPending(stream.Service);
    }

    /// <summary>Streams lost without a message from the provider (service deleted, channel down) end as a Closed-Recover would.</summary>
    private void RecoverAll(ProviderStream[] streams, byte[] text)
    {
        foreach (ProviderStream stream in streams)
        {
            if (stream.IsClosed)
                continue;
            Msg status = Msg.Create(MsgClass.Status, stream.Key.DomainType, stream.StreamId);
            status.StatusFlags = StatusMsgFlags.HasState;
            status.State = new State(StreamStates.ClosedRecover, DataStates.Suspect, StateCodes.None, text);
            CloseFromProvider(stream, status, status.State);
        }
    }

    /// <summary>A service's status from the directory applies to each of its items, as if each had received it.</summary>
    private void ApplyServiceStatus(WatchlistService service, RdmState status)
    {
        byte[] text = Encoding.UTF8.GetBytes(status.Text);
        foreach (ProviderStream stream in service.Streams.ToArray())
        {
            if (stream.IsClosed)
                continue;
            Msg msg = Msg.Create(MsgClass.Status, stream.Key.DomainType, stream.StreamId);
            msg.StatusFlags = StatusMsgFlags.HasState;
            msg.State = new State(status.StreamState, status.DataState, status.Code, text);
            OnStatus(stream, msg);
        }
    }

    /// <summary>
    /// A request with no refresh or status within the request timeout: the provider stream is closed, the
    /// application is told Open/Suspect "Request timeout", and the request goes out again on a new stream.
    /// </summary>
    private void ExpireRequests(long now)
    {
        while (_requestTimers.TryPeek(out RequestTimer timer) && timer.Due <= now)
        {
            _requestTimers.Dequeue();
            ProviderStream stream = timer.Stream;
            if (stream.IsClosed || !stream.RequestPending || stream.TimerGeneration != timer.Generation)
                continue;
            stream.RequestPending = false;
            ReleaseStream(stream, sendClose: true);
            AppRequest[] requests = DetachAll(stream);
            foreach (AppRequest request in requests)
            {
                if (!_requests.TryGetValue(request.StreamId, out AppRequest? same) || same != request)
                    continue;
                bool keep = CanRecover(request);
                request.State = AppRequestState.PendingRequest;
                if (!keep)
                    _requests.Remove(request.StreamId);
                DeliverStatus(request.StreamId, request.DomainType, keep ? (byte)StreamStates.Open : (byte)StreamStates.ClosedRecover,
                    DataStates.Suspect, StateCodes.None, StatusTexts.RequestTimeout);
            }
            _batching = true;
            try
            {
                foreach (AppRequest request in requests)
                {
                    if (request.Stream is null && _requests.TryGetValue(request.StreamId, out AppRequest? same) && same == request)
                        OpenRequest(request);
                }
            }
            finally
            {
                _batching = false;
            }
            RetrySends();
        }
    }

    /// <summary>Drops the stream and hands back every request that was on it or waiting for it (their state still says how far they got).</summary>
    private AppRequest[] DetachAll(ProviderStream stream)
    {
        ReleaseStream(stream, sendClose: false);
        var requests = new AppRequest[stream.Count + stream.Waiting.Count];
        int n = 0;
        for (int i = 0; i < stream.Count; i++)
            requests[n++] = stream[i];
        foreach (AppRequest waiting in stream.Waiting)
            requests[n++] = waiting;
        stream.Waiting.Clear();
        while (stream.Count > 0)
            stream.Remove(stream[stream.Count - 1]);
        foreach (AppRequest request in requests)
        {
            request.Stream = null;
            request.IsWaiting = false;
        }
        return requests;
    }
}
