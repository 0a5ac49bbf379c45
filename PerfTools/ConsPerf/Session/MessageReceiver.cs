using Eta.Codec;
using PerfTools.Common.Omm;
using PerfTools.Common.Timing;
using PerfTools.ConsPerf.Run;
using PerfTools.ConsPerf.Statistics;
using PerfTools.Common.Network;

namespace PerfTools.ConsPerf.Session;

/// <summary>
/// Processes every message the provider sends, by stream: the login stream (acceptance, round trip latency probes to
/// reflect), the directory stream (the service coming up), and the item streams (images, updates with their
/// TIM_TRK_1/TIM_TRK_2 latency, generic messages with TIM_TRK_3, status). Payloads are decoded in full, as a real
/// consumer would. Over tr_json2, updates may come straight from the JSON instead (<see cref="OnJsonUpdate"/>):
/// counted and their latency taken as for RWF, their other fields not read. Allocates nothing per message.
/// </summary>
internal sealed class MessageReceiver : IMessageHandler, IJsonUpdateHandler
{
    private readonly IReceiverEvents _session;
    private readonly ItemStreamTable _items;
    private readonly ConsumerThreadStats _stats;
    private readonly PayloadDecoder _payload;
    private readonly ServiceWatch _service;
    private readonly PostUserInfo _postUser;
    private bool _loggedIn;

    /// <param name="postUser">Who this consumer posts as: post latency is taken only from updates of its own posts.</param>
    public MessageReceiver(IReceiverEvents session, ItemStreamTable items, ConsumerThreadStats stats, DataDictionary dictionary,
        PostUserInfo postUser)
    {
        _postUser = postUser;
        _session = session;
        _items = items;
        _stats = stats;
        _payload = new PayloadDecoder(dictionary);
        _service = new ServiceWatch(session.ServiceName);
    }

    // Keeps reading after a failure as before: the session's failure ends the thread at the next tick.
    bool IMessageHandler.OnMessage(ReadOnlySpan<byte> encoded)
    {
        OnMessage(encoded);
        return true;
    }

    /// <summary>Handles one received message (the bytes are only valid during the call).</summary>
    public void OnMessage(ReadOnlySpan<byte> encoded)
    {
        if (MsgDecoder.Decode(encoded, out Msg msg) != CodecReturnCode.Success)
        {
            _session.Fail(RunOutcomeKind.ProviderRefused, "received a message that does not decode as RWF");
            return;
        }
        if (msg.StreamId == _session.LoginStream)
            OnLogin(msg, encoded);
        else if (msg.StreamId == _session.DirectoryStream)
            OnDirectory(msg);
        else if (_items.ByStreamId(msg.StreamId) is { } item)
            OnItem(msg, item);
    }

    private void OnLogin(scoped in Msg msg, ReadOnlySpan<byte> encoded)
    {
        switch (msg.MsgClass)
        {
            case MsgClass.Refresh when !_loggedIn:
                if (msg.State.StreamState != StreamStates.Open || msg.State.DataState != DataStates.Ok)
                {
                    _session.Fail(RunOutcomeKind.ProviderRefused, "login refused: " + StateText(msg.State));
                    return;
                }
                _loggedIn = true;
                _session.OnLoginAccepted();
                break;
            case MsgClass.Status when msg.State.StreamState != StreamStates.Open && (msg.StatusFlags & StatusMsgFlags.HasState) != 0:
                _session.Fail(RunOutcomeKind.ProviderRefused, "login closed by the provider: " + StateText(msg.State));
                break;
            case MsgClass.Generic:
                _session.Reflect(encoded); // round trip latency probe: send it back as it came (§3.3)
                break;
        }
    }

    private void OnDirectory(scoped in Msg msg)
    {
        if (msg.MsgClass is MsgClass.Refresh or MsgClass.Update)
        {
            if (!_service.Read(msg))
                _session.Fail(RunOutcomeKind.ProviderRefused, "the source directory does not decode");
            else if (_service.TryGetReadyService(out int serviceId))
                _session.OnServiceReady(serviceId);
        }
        else if (msg.MsgClass == MsgClass.Status && (msg.StatusFlags & StatusMsgFlags.HasState) != 0
                 && msg.State.StreamState != StreamStates.Open)
        {
            _session.Fail(RunOutcomeKind.ProviderRefused, "directory closed by the provider: " + StateText(msg.State));
        }
    }

    private void OnItem(scoped in Msg msg, ItemStream item)
    {
        switch (msg.MsgClass)
        {
            case MsgClass.Update:
                OnUpdate(msg);
                break;
            case MsgClass.Refresh:
                OnRefresh(msg, item);
                break;
            case MsgClass.Generic:
                OnGenericMsg(msg);
                break;
            case MsgClass.Status:
                _stats.StatusMsgsReceived.Increment();
                if ((msg.StatusFlags & StatusMsgFlags.HasState) != 0 && msg.State.StreamState is StreamStates.Closed or StreamStates.ClosedRecover)
                    _session.Fail(RunOutcomeKind.ProviderRefused, $"item {item.Spec.Name} closed by the provider: {StateText(msg.State)}");
                break;
        }
    }

    /// <summary>An update read straight from tr_json2 (it names no poster, so post latency counts as ours).</summary>
    public bool OnJsonUpdate(in JsonUpdateScan update)
    {
        if (_items.ByStreamId(update.StreamId) is null)
            return false; // not an item stream (the directory's updates are converted and read in full)
        CountUpdate(new LatencyStamps { Update = update.UpdateStamp, Post = update.PostStamp }, ownPost: true);
        return true;
    }

    private void OnRefresh(scoped in Msg msg, ItemStream item)
    {
        _stats.RefreshesReceived.Increment();
        if (!_payload.Decode(msg.ContainerType, msg.EncodedDataBody, out _))
        {
            _session.Fail(RunOutcomeKind.ProviderRefused, $"the image of {item.Spec.Name} does not decode: {PayloadFailure()}");
            return;
        }
        if (item.HasImage || (msg.RefreshFlags & RefreshMsgFlags.RefreshComplete) == 0)
            return;
        int streamState = msg.State.StreamState;
        bool image = msg.State.DataState == DataStates.Ok
                     && (streamState == StreamStates.Open || (item.Snapshot && streamState == StreamStates.NonStreaming));
        if (!image)
        {
            if (streamState is StreamStates.Closed or StreamStates.ClosedRecover)
                _session.Fail(RunOutcomeKind.ProviderRefused, $"item {item.Spec.Name} refused: {StateText(msg.State)}");
            return;
        }
        item.HasImage = true;
        _stats.CountImage(PerfTimestamp.NowMicroseconds());
    }

    private void OnUpdate(scoped in Msg msg)
    {
        if (!_payload.Decode(msg.ContainerType, msg.EncodedDataBody, out LatencyStamps stamps))
        {
            _session.Fail(RunOutcomeKind.ProviderRefused, "an update does not decode: " + PayloadFailure());
            return;
        }
        CountUpdate(stamps, stamps.Post != 0 && IsOwnPost(msg));
    }

    private void CountUpdate(in LatencyStamps stamps, bool ownPost)
    {
        // The clock is read only when something needs it (a stamp, or the first update): most updates carry no
        // stamp, and at a million updates a second a clock read per update is a measurable part of the cost.
        bool stamped = stamps.Update != 0 || stamps.Post != 0;
        long now = stamped || _stats.AwaitsFirstUpdate ? PerfTimestamp.NowMicroseconds() : 0;
        _stats.CountUpdate(now);
        if (stamps.Update != 0)
            _stats.RecordLatency(LatencyKind.Update, (long)stamps.Update, now);
        if (stamps.Post != 0 && ownPost)
            _stats.RecordLatency(LatencyKind.Post, (long)stamps.Post, now);
    }

    private void OnGenericMsg(scoped in Msg msg)
    {
        if (!_payload.Decode(msg.ContainerType, msg.EncodedDataBody, out LatencyStamps stamps))
        {
            _session.Fail(RunOutcomeKind.ProviderRefused, "a generic message does not decode: " + PayloadFailure());
            return;
        }
        _stats.GenMsgsReceived.Increment();
        if (stamps.GenMsg != 0)
            _stats.RecordLatency(LatencyKind.GenMsg, (long)stamps.GenMsg, PerfTimestamp.NowMicroseconds());
    }

    // As LSEG's consumer: an update naming a poster counts for post latency only when the poster is this consumer;
    // one naming nobody is assumed to be ours.
    private bool IsOwnPost(scoped in Msg msg) =>
        (msg.UpdateFlags & UpdateMsgFlags.HasPostUserInfo) == 0 || msg.PostUserInfo == _postUser;

    private string PayloadFailure() => PayloadErrorText.Describe(_payload.LastError, _payload.LastErrorFieldId);

    private static string StateText(in State state) => state.ToString();
}
