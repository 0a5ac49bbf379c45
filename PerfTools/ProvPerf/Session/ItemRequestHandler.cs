using Eta.Codec;
using PerfTools.Common.Omm;
using PerfTools.Common.Provider;
using PerfTools.ProvPerf.Threads;

namespace PerfTools.ProvPerf.Session;

/// <summary>
/// Item-domain messages of one connection: requests open (or reissue) MarketPrice items up to the open limit
/// and queue their refreshes; closes forget them; posts are reflected to the item stream as updates; generic
/// messages are counted and, when they carry TIM_TRK_3, their latency is recorded.
/// </summary>
internal sealed class ItemRequestHandler
{
    private readonly int _serviceId;
    private readonly int _openLimit;
    private readonly ProviderThreadStats _stats;
    private readonly PostReflector _posts;
    private readonly GenericMsgLatency _genericLatency;

    public ItemRequestHandler(int serviceId, int openLimit, ProviderThreadStats stats)
    {
        _serviceId = serviceId;
        _openLimit = openLimit;
        _stats = stats;
        _posts = new PostReflector();
        _genericLatency = new GenericMsgLatency(stats);
    }

    /// <summary>Handles one decoded message; false when the channel failed while answering.</summary>
    public bool Handle(ProviderSession session, scoped in Msg msg)
    {
        switch (msg.MsgClass)
        {
            case MsgClass.Request:
                _stats.Requests.Increment();
                return OnRequest(session, msg);
            case MsgClass.Close:
                _stats.Closes.Increment();
                session.Items.Close(msg.StreamId);
                return true;
            case MsgClass.Post:
                _stats.PostsReflected.Increment();
                return _posts.Reflect(session.Sink, msg);
            case MsgClass.Generic:
                _stats.GenMsgsReceived.Increment();
                _genericLatency.Record(msg);
                return true;
            default:
                return true;
        }
    }

    private bool OnRequest(ProviderSession session, scoped in Msg msg)
    {
        int streamId = msg.StreamId;
        if (msg.DomainType != MarketPriceEncoder.MarketPriceDomain)
            return Reject(session, msg, StreamStates.Closed, StateCodes.UsageError, "domain not supported");
        if (!msg.Key.HasName)
            return Reject(session, msg, StreamStates.Closed, StateCodes.UsageError, "request has no item name");
        if (!msg.Key.HasServiceId || msg.Key.ServiceId != _serviceId)
            return Reject(session, msg, StreamStates.Closed, StateCodes.UsageError, "service id invalid");

        bool streaming = (msg.RequestFlags & RequestMsgFlags.Streaming) != 0;
        if (session.Items.TryGet(streamId, out ItemStream existing))
        {
            // A reissue: same stream, same key. A different key on an open stream is an error.
            if (existing.ServiceId != msg.Key.ServiceId || !msg.Key.Name.SequenceEqual(existing.Name))
                return Reject(session, msg, StreamStates.Closed, StateCodes.UsageError, "stream already in use with a different key");
            existing.Streaming = streaming;
            if ((msg.RequestFlags & RequestMsgFlags.NoRefresh) == 0)
                session.Items.QueueRefresh(existing);
            return true;
        }

        if (session.Items.OpenCount >= _openLimit)
            return Reject(session, msg, StreamStates.ClosedRecover, StateCodes.TooManyItems, "item count reached for this channel");
        var key = ItemKey.From(msg.Key.Name, msg.Key.ServiceId);
        if (session.Items.IsOpenOnOtherStream(key, streamId))
            return Reject(session, msg, StreamStates.Closed, StateCodes.AlreadyOpen, "item already open with exact same key on another stream");

        byte nameType = msg.Key.HasNameType ? msg.Key.NameType : (byte)0;
        session.Items.Open(new ItemStream(streamId, key, msg.Key.Name.ToArray(), nameType, streaming));
        return true;
    }

    private static bool Reject(ProviderSession session, scoped in Msg msg, int streamState, int code, string why)
    {
        session.Console.WriteLine($"Rejecting Item Request with streamId={msg.StreamId}. Reason: {why}");
        return StatusWriter.SendClose(session.Sink, msg.DomainType, msg.StreamId, streamState, code,
            $"Item request rejected for stream id {msg.StreamId} - {why}");
    }
}
