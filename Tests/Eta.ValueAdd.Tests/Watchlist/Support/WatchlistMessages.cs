using System.Text;
using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd.Tests.Watchlist.Support;

/// <summary>The application's requests and the provider's answers, as the tests need them (payloads are opaque text).</summary>
internal static class WatchlistMessages
{
    public const string Service = "DIRECT_FEED";
    public const int ServiceId = 1;

    public static Msg Request(int streamId, string name, bool streaming = true, Qos? qos = null, Qos? worstQos = null,
        int? serviceId = null, bool privateStream = false, byte domain = DomainTypes.MarketPrice)
    {
        Msg msg = Msg.Create(MsgClass.Request, domain, streamId);
        RequestMsgFlags flags = streaming ? RequestMsgFlags.Streaming : RequestMsgFlags.None;
        if (qos is { } q)
        {
            flags |= RequestMsgFlags.HasQos;
            msg.Qos = q;
        }
        if (worstQos is { } w)
        {
            flags |= RequestMsgFlags.HasWorstQos;
            msg.WorstQos = w;
        }
        if (privateStream)
            flags |= RequestMsgFlags.PrivateStream;
        msg.RequestFlags = flags;
        msg.Key.Flags = MsgKeyFlags.HasName | MsgKeyFlags.HasNameType;
        msg.Key.Name = Encoding.ASCII.GetBytes(name);
        msg.Key.NameType = 1;
        if (serviceId is { } id)
        {
            msg.Key.Flags |= MsgKeyFlags.HasServiceId;
            msg.Key.ServiceId = id;
        }
        return msg;
    }

    public static Msg Close(int streamId) => Msg.Create(MsgClass.Close, DomainTypes.MarketPrice, streamId);

    public static Msg Post(int streamId, uint postId, bool ack = true, uint? seqNum = null)
    {
        Msg msg = Msg.Create(MsgClass.Post, DomainTypes.MarketPrice, streamId);
        PostMsgFlags flags = PostMsgFlags.HasPostId | PostMsgFlags.PostComplete;
        if (ack)
            flags |= PostMsgFlags.Ack;
        if (seqNum is { } seq)
        {
            flags |= PostMsgFlags.HasSeqNum;
            msg.SeqNum = seq;
        }
        msg.PostFlags = flags;
        msg.PostId = postId;
        return msg;
    }

    public static Msg Refresh(int streamId, string body = "image", bool solicited = true, bool complete = true,
        int streamState = StreamStates.Open, int dataState = DataStates.Ok, string text = "")
    {
        Msg msg = Msg.Create(MsgClass.Refresh, DomainTypes.MarketPrice, streamId, DataTypes.Opaque);
        RefreshMsgFlags flags = RefreshMsgFlags.None;
        if (solicited)
            flags |= RefreshMsgFlags.Solicited;
        if (complete)
            flags |= RefreshMsgFlags.RefreshComplete;
        msg.RefreshFlags = flags;
        msg.State = new State(streamState, dataState, StateCodes.None, Encoding.ASCII.GetBytes(text));
        msg.EncodedDataBody = Encoding.ASCII.GetBytes(body);
        return msg;
    }

    public static Msg Update(int streamId, string body = "tick")
    {
        Msg msg = Msg.Create(MsgClass.Update, DomainTypes.MarketPrice, streamId, DataTypes.Opaque);
        msg.EncodedDataBody = Encoding.ASCII.GetBytes(body);
        return msg;
    }

    public static Msg Status(int streamId, int streamState, int dataState, string text, int code = StateCodes.None)
    {
        Msg msg = Msg.Create(MsgClass.Status, DomainTypes.MarketPrice, streamId);
        msg.StatusFlags = StatusMsgFlags.HasState;
        msg.State = new State(streamState, dataState, code, Encoding.ASCII.GetBytes(text));
        return msg;
    }

    public static Msg Ack(int streamId, uint ackId)
    {
        Msg msg = Msg.Create(MsgClass.Ack, DomainTypes.MarketPrice, streamId);
        msg.AckId = ackId;
        return msg;
    }

    /// <summary>A service as a directory refresh carries it: up and accepting, market price, the given QoS list.</summary>
    public static Service UpService(string name = Service, int id = ServiceId, params Qos[] qos)
    {
        var service = new Service
        {
            ServiceId = id,
            Info = new ServiceInfo { ServiceName = name },
            State = new ServiceState { Value = ServiceStates.Up, AcceptingRequests = 1 },
        };
        service.Info.Capabilities.Add(DomainTypes.MarketPrice);
        service.Info.QosList.AddRange(qos);
        return service;
    }

    /// <summary>A directory update changing only the service's state.</summary>
    public static Service StateUpdate(int id, bool up, RdmState? status = null) => new()
    {
        ServiceId = id,
        Action = MapEntryActions.Update,
        State = new ServiceState { Value = up ? ServiceStates.Up : ServiceStates.Down, AcceptingRequests = 1, Status = status },
    };

    public static Service Deleted(int id) => new() { ServiceId = id, Action = MapEntryActions.Delete };

    public static readonly Qos RealTime = new(QosTimeliness.Realtime, QosRates.TickByTick);
    public static readonly Qos Delayed = new(QosTimeliness.Delayed, QosRates.TickByTick, timeInfo: 900);
    public static readonly Qos Conflated = new(QosTimeliness.Realtime, QosRates.JitConflated);
}
