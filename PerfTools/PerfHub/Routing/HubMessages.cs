using Eta.Codec;
using PerfTools.Common.Omm;
using PerfTools.PerfHub.Cache;

namespace PerfTools.PerfHub.Routing;

/// <summary>The messages the hub writes itself: images from the cache, item statuses, post updates, acks, upstream requests.</summary>
internal static class HubMessages
{
    /// <summary>Room for any header these messages carry besides the item name (key, state text, qos, post user info).</summary>
    public const int HeaderBound = 160;

    private static ReadOnlySpan<byte> ImageText => "Refresh from the hub cache"u8;

    private static ReadOnlySpan<byte> WaitingText => "Item not in the hub cache yet: waiting for its provider"u8;

    public static int MaxImageLength(CachedItem item) =>
        HeaderBound + item.NameBytes.Length + (item.PayloadIsImage ? item.Payload!.Length : item.Record.MaxEncodedLength);

    /// <summary>The item's image from the cache on <paramref name="streamId"/>.</summary>
    public static CodecReturnCode EncodeImage(ref RwfEncoder encoder, CachedItem item, int streamId, bool solicited, bool streaming)
    {
        var msg = Msg.Create(MsgClass.Refresh, item.DomainType, streamId, DataTypes.FieldList);
        msg.RefreshFlags = RefreshFlags(solicited);
        SetKey(ref msg, item);
        (int streamState, int dataState) = item.State;
        msg.State = new State(streaming ? streamState : StreamStates.NonStreaming, dataState, StateCodes.None, ImageText);
        msg.Qos = ProvidedService.RealtimeTickByTick;
        if (item.PayloadIsImage)
        {
            msg.ContainerType = item.Payload!.ContainerType;
            msg.EncodedDataBody = item.Payload.Payload;
            return MsgEncoder.Encode(ref encoder, msg);
        }
        CodecReturnCode rc = MsgEncoder.EncodeInit(ref encoder, msg, out MsgEncodeState state);
        if (rc < CodecReturnCode.Success)
            return rc;
        rc = item.Record.Encode(ref encoder);
        if (rc < CodecReturnCode.Success)
        {
            MsgEncoder.EncodeComplete(ref encoder, ref state, success: false);
            return rc;
        }
        return MsgEncoder.EncodeComplete(ref encoder, ref state, success: true);
    }

    /// <summary>A temporary image (Open/Suspect, no data) for an item a provider has not published yet (guide §8.3).</summary>
    public static CodecReturnCode EncodeTemporaryRefresh(ref RwfEncoder encoder, CachedItem item, int streamId)
    {
        var msg = Msg.Create(MsgClass.Refresh, item.DomainType, streamId);
        msg.RefreshFlags = RefreshFlags(solicited: true);
        SetKey(ref msg, item);
        msg.State = new State(StreamStates.Open, DataStates.Suspect, StateCodes.None, WaitingText);
        msg.Qos = ProvidedService.RealtimeTickByTick;
        return MsgEncoder.Encode(ref encoder, msg);
    }

    public static CodecReturnCode EncodeStatus(ref RwfEncoder encoder, byte domainType, int streamId, int streamState, int dataState,
        int code, ReadOnlySpan<byte> text)
    {
        var msg = Msg.Create(MsgClass.Status, domainType, streamId);
        msg.StatusFlags = StatusMsgFlags.HasState;
        msg.State = new State(streamState, dataState, code, text);
        return MsgEncoder.Encode(ref encoder, msg);
    }

    /// <summary>A post's content as the update every subscriber receives: the poster's user info and the posted fields.</summary>
    public static CodecReturnCode EncodePostedUpdate(ref RwfEncoder encoder, byte domainType, PostUserInfo user, byte updateType,
        int containerType, ReadOnlySpan<byte> body)
    {
        var msg = Msg.Create(MsgClass.Update, domainType, 0, containerType);
        msg.UpdateFlags = UpdateMsgFlags.HasPostUserInfo;
        msg.PostUserInfo = user;
        msg.UpdateType = updateType;
        msg.EncodedDataBody = body;
        return MsgEncoder.Encode(ref encoder, msg);
    }

    public static CodecReturnCode EncodeAck(ref RwfEncoder encoder, byte domainType, int streamId, uint ackId, NakCode? nak)
    {
        var msg = Msg.Create(MsgClass.Ack, domainType, streamId);
        msg.AckId = ackId;
        if (nak is { } code)
        {
            msg.AckFlags = AckMsgFlags.HasNakCode;
            msg.NakCode = code;
        }
        return MsgEncoder.Encode(ref encoder, msg);
    }

    /// <summary>The hub's one streaming request upstream for an item, whatever its consumers asked.</summary>
    public static CodecReturnCode EncodeUpstreamRequest(ref RwfEncoder encoder, CachedItem item, int streamId)
    {
        var msg = Msg.Create(MsgClass.Request, item.DomainType, streamId);
        msg.RequestFlags = RequestMsgFlags.Streaming;
        SetKey(ref msg, item);
        return MsgEncoder.Encode(ref encoder, msg);
    }

    private static RefreshMsgFlags RefreshFlags(bool solicited) =>
        RefreshMsgFlags.HasMsgKey | RefreshMsgFlags.RefreshComplete | RefreshMsgFlags.HasQos | RefreshMsgFlags.ClearCache
        | (solicited ? RefreshMsgFlags.Solicited : 0);

    private static void SetKey(ref Msg msg, CachedItem item)
    {
        msg.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName | MsgKeyFlags.HasNameType;
        msg.Key.ServiceId = item.ServiceId;
        msg.Key.Name = item.NameBytes;
        msg.Key.NameType = item.NameType;
    }
}
