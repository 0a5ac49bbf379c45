using Eta.Codec;

namespace Eta.ValueAdd.Watchlist;

/// <summary>Messages from the provider, fanned out to the application streams on their item.</summary>
public sealed partial class ConsumerWatchlist
{
    private AppRequest[] _fanout = new AppRequest[4];
    private bool _fanningOut;

    /// <summary>
    /// Takes one message the provider sent on an item stream. Returns false when no watchlist stream has that id
    /// (a late message on a stream already closed, or a stream the role owns).
    /// </summary>
    public bool OnProviderMsg(scoped in Msg msg)
    {
        if (msg.MsgClass == MsgClass.Update && _routes.Find(msg.StreamId) is int route and not 0)
        {
            if (route == msg.StreamId)
            {
                _listener.OnMsg(msg);
            }
            else
            {
                Msg update = msg;
                update.StreamId = route;
                _listener.OnMsg(update);
            }
            return true;
        }
        if (!_streams.TryGetValue(msg.StreamId, out ProviderStream? stream))
            return false;
        switch (msg.MsgClass)
        {
            case MsgClass.Update:
                OnUpdate(stream, msg);
                break;
            case MsgClass.Refresh:
                OnRefresh(stream, msg);
                break;
            case MsgClass.Status:
                OnStatus(stream, msg);
                break;
            case MsgClass.Generic:
                OnGeneric(stream, msg);
                break;
            case MsgClass.Ack:
                OnAck(stream, msg);
                break;
        }
        return true;
    }

    /// <summary>
    /// Updates go to the application streams that have their refresh (or part of it). A stream with one such
    /// request has a route in <see cref="UpdateRoutes"/> and its updates do not come here.
    /// </summary>
    private void OnUpdate(ProviderStream stream, scoped in Msg msg)
    {
        Msg update = msg;
        AppRequest[] requests = BeginFanout(stream, out int count, out bool nested);
        try
        {
            for (int i = 0; i < count; i++)
            {
                AppRequest request = requests[i];
                if (request.Stream != stream || request.State is not (AppRequestState.Open or AppRequestState.PendingCompleteRefresh))
                    continue;
                update.StreamId = request.StreamId;
                _listener.OnMsg(update);
            }
        }
        finally
        {
            EndFanout(requests, count, nested);
        }
    }

    /// <summary>
    /// A solicited refresh answers only the requests waiting for one; an unsolicited one goes to all. A complete
    /// refresh opens streaming requests and ends snapshots (their copy says NonStreaming). Each part of a
    /// multi-part refresh restarts the request timer.
    /// </summary>
    private void OnRefresh(ProviderStream stream, scoped in Msg msg)
    {
        bool solicited = (msg.RefreshFlags & RefreshMsgFlags.Solicited) != 0;
        bool complete = (msg.RefreshFlags & RefreshMsgFlags.RefreshComplete) != 0;
        if (solicited)
            stream.RequestPending = false;
        State state = msg.State;
        if (state.StreamState is not (StreamStates.Open or StreamStates.NonStreaming))
        {
            CloseFromProvider(stream, msg, state);
            return;
        }
        if (complete)
            stream.RefreshState = RefreshState.NotRequired;
        if (complete && state.StreamState == StreamStates.NonStreaming)
            stream.ProviderOpen = false;

        bool partDelivered = false;
        Msg refresh = msg;
        AppRequest[] requests = BeginFanout(stream, out int count, out bool nested);
        try
        {
            for (int i = 0; i < count; i++)
            {
                AppRequest request = requests[i];
                if (request.Stream != stream || request.IsWaiting)
                    continue;
                if (solicited && request.State is not (AppRequestState.PendingRefresh or AppRequestState.PendingCompleteRefresh))
                    continue;
                refresh.StreamId = request.StreamId;
                bool snapshot = !request.IsStreaming || state.StreamState == StreamStates.NonStreaming;
                bool toNonStreaming = snapshot && state.StreamState == StreamStates.Open;
                refresh.State = toNonStreaming ? new State(StreamStates.NonStreaming, state.DataState, state.Code, state.Text) : state;
                refresh.EncodedMsg = toNonStreaming ? default : msg.EncodedMsg;     // the provider's bytes no longer say what this copy says
                if (!complete)
                {
                    if (request.State == AppRequestState.PendingRefresh)
                        request.State = AppRequestState.PendingCompleteRefresh;
                    partDelivered = true;
                }
                else if (snapshot)
                {
                    // The snapshot's last message: the application stream ends here.
                    _requests.Remove(request.StreamId);
                    stream.Remove(request);
                    request.Stream = null;
                }
                else
                {
                    request.State = AppRequestState.Open;
                    if (!request.HasStaticQos && !request.MatchedQos.IsDynamic)
                        request.HasStaticQos = true;
                }
                _listener.OnMsg(refresh);
            }
        }
        finally
        {
            EndFanout(requests, count, nested);
        }

        if (stream.IsClosed)
            return;
        if (partDelivered)
        {
            stream.RefreshState = RefreshState.CompletePending;
            StartRequestTimer(stream);
        }
        if (stream.Count == 0 && stream.Waiting.Count == 0)
            ReleaseStream(stream, sendClose: true);
        else if (complete)
            AdmitWaiting(stream);
    }

    /// <summary>Requests that waited for a multi-part refresh or a snapshot now join the stream.</summary>
    private void AdmitWaiting(ProviderStream stream)
    {
        while (stream.Waiting.Count > 0 && !stream.IsClosed && stream.RefreshState != RefreshState.Pending)
        {
            AppRequest request = stream.Waiting[0];
            stream.Waiting.RemoveAt(0);
            request.IsWaiting = false;
            request.Stream = null;
            Join(stream, request);
        }
    }

    /// <summary>A status with an open (or no) state goes to every request on the stream; a closing one ends or recovers them.</summary>
    private void OnStatus(ProviderStream stream, scoped in Msg msg)
    {
        stream.RequestPending = false;
        bool hasState = (msg.StatusFlags & StatusMsgFlags.HasState) != 0;
        if (hasState && msg.State.StreamState != StreamStates.Open)
        {
            CloseFromProvider(stream, msg, msg.State);
            return;
        }
        FanOutToAttached(stream, msg);
    }

    private void OnGeneric(ProviderStream stream, scoped in Msg msg) => FanOutToAttached(stream, msg);

    /// <summary>Statuses and generic messages go to every request on the stream, with its refresh or still waiting for it.</summary>
    private void FanOutToAttached(ProviderStream stream, scoped in Msg msg)
    {
        Msg copy = msg;
        AppRequest[] requests = BeginFanout(stream, out int count, out bool nested);
        try
        {
            for (int i = 0; i < count; i++)
            {
                AppRequest request = requests[i];
                if (request.Stream != stream || request.IsWaiting)
                    continue;
                copy.StreamId = request.StreamId;
                _listener.OnMsg(copy);
            }
        }
        finally
        {
            EndFanout(requests, count, nested);
        }
    }

    /// <summary>
    /// The fan-out list is copied first (into one reused array) so the application may close or open streams from
    /// its callback; a request closed meanwhile is skipped. A callback that itself causes a fan-out gets its own array.
    /// </summary>
    private AppRequest[] BeginFanout(ProviderStream stream, out int count, out bool nested)
    {
        nested = _fanningOut;
        if (nested)
        {
            var own = new AppRequest[stream.Count];
            count = stream.CopyTo(ref own);
            return own;
        }
        _fanningOut = true;
        count = stream.CopyTo(ref _fanout);
        return _fanout;
    }

    private void EndFanout(AppRequest[] requests, int count, bool nested)
    {
        if (nested)
            return;
        Array.Clear(requests, 0, count);
        _fanningOut = false;
    }
}
