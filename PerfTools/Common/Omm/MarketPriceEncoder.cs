using Eta.Codec;
using PerfTools.Common.Xml;

namespace PerfTools.Common.Omm;

/// <summary>
/// Encodes MarketPrice refreshes, updates, posts and generic messages for one item stream from the loaded
/// message data, in a single pass into the caller's buffer. Holds no mutable state (the round-robin position
/// over the update, post or generic templates is the caller's <c>cursor</c>, kept per item), so one instance
/// can serve every thread. Allocates nothing per message.
/// A latency timestamp of 0 means "not a latency sample"; otherwise it is appended as TIM_TRK_1 (update),
/// TIM_TRK_2 (post) or TIM_TRK_3 (generic message).
/// </summary>
public sealed class MarketPriceEncoder
{
    /// <summary>RDM domain type of MarketPrice.</summary>
    public const byte MarketPriceDomain = 6;

    // Room for any message header these messages carry (key without name, state text, qos, post user info).
    private const int HeaderBound = 96;

    private static ReadOnlySpan<byte> RefreshText => "Item Refresh Completed"u8;

    private readonly MsgData _data;
    private readonly PreEncodedUpdate[]? _preEncodedUpdates;

    /// <param name="preEncodedUpdates">
    /// Send updates as copies of updates encoded here once (ProvPerf's -preEnc, beyond the guide). Off, each update is
    /// encoded afresh, as the guide describes the tools (§5.4).
    /// </param>
    public MarketPriceEncoder(MsgData data, bool preEncodedUpdates = false)
    {
        _data = data;
        if (preEncodedUpdates)
        {
            int maxLength = MaxMessageLength(0);
            _preEncodedUpdates = Array.ConvertAll(data.UpdateArray, t => PreEncodedUpdate.Create(t, maxLength, EncodeUpdateAfresh));
        }
    }

    public MsgData Data => _data;

    /// <summary>An upper bound of any encoded message for an item whose name has <paramref name="nameLength"/> bytes.</summary>
    public int MaxMessageLength(int nameLength) =>
        2 * HeaderBound + nameLength + FieldListPayload.MaxLengthFor(_data.MaxEncodedEntriesLength);

    /// <summary>
    /// The item's image: the refresh template, then blank TIM_TRK_1/2/3 as LSEG's providers send them, with the
    /// request's key, state and QoS (realtime, tick by tick).
    /// </summary>
    public CodecReturnCode EncodeRefresh(Span<byte> destination, scoped in ItemRefresh item, out int written)
    {
        var writer = new RwfWriter(destination);
        var msg = Msg.Create(MsgClass.Refresh, MarketPriceDomain, item.StreamId, DataTypes.FieldList);
        var flags = RefreshMsgFlags.HasMsgKey | RefreshMsgFlags.RefreshComplete | RefreshMsgFlags.HasQos;
        if (item.Solicited)
            flags |= RefreshMsgFlags.Solicited | RefreshMsgFlags.ClearCache;
        msg.RefreshFlags = flags;
        msg.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName | (item.NameType != 0 ? MsgKeyFlags.HasNameType : 0);
        msg.Key.ServiceId = item.ServiceId;
        msg.Key.Name = item.Name;
        msg.Key.NameType = item.NameType;
        msg.State = new State(item.Streaming ? StreamStates.Open : StreamStates.NonStreaming, DataStates.Ok, StateCodes.None, RefreshText);
        msg.Qos = ProvidedService.RealtimeTickByTick;
        written = 0;
        CodecReturnCode rc = MsgEncoder.EncodeInit(ref writer, msg, out MsgEncodeState state);
        if (rc < CodecReturnCode.Success)
            return rc;
        rc = FieldListPayload.WriteWithBlankStamps(ref writer, _data.Refresh);
        return Complete(ref writer, ref state, rc, out written);
    }

    /// <summary>
    /// The next update template (advancing <paramref name="cursor"/>), with TIM_TRK_1 when <paramref name="latencyMicros"/>
    /// is not 0: encoded afresh, or with pre-encoded updates a copy of the template's update with the stream id patched in
    /// (the same bytes).
    /// </summary>
    public CodecReturnCode EncodeUpdate(Span<byte> destination, int streamId, ref int cursor, ulong latencyMicros, out int written) =>
        _preEncodedUpdates is { } copies
            ? Next(copies, ref cursor).Write(destination, streamId, LatencyFieldIds.Update, latencyMicros, out written)
            : EncodeUpdateAfresh(destination, streamId, Next(_data.UpdateArray, ref cursor), latencyMicros, out written);

    /// <summary>
    /// An update of <paramref name="template"/> encoded by the codec, header and payload (what the copies are made of).
    /// The header is a plain update's (<see cref="MsgEncoder.EncodeUpdateInit"/>), written from its members without
    /// filling a <see cref="Msg"/>: clearing one per update was a tenth of the burst's own CPU.
    /// </summary>
    internal static CodecReturnCode EncodeUpdateAfresh(Span<byte> destination, int streamId, MsgTemplate template,
        ulong latencyMicros, out int written)
    {
        written = 0;
        var writer = new RwfWriter(destination);
        CodecReturnCode rc = MsgEncoder.EncodeUpdateInit(ref writer, MarketPriceDomain, streamId, DataTypes.FieldList, out MsgEncodeState state);
        if (rc < CodecReturnCode.Success)
            return rc;
        rc = FieldListPayload.Write(ref writer, template, LatencyFieldIds.Update, latencyMicros);
        return Complete(ref writer, ref state, rc, out written);
    }

    /// <summary>The next generic message template, with TIM_TRK_3 when <paramref name="latencyMicros"/> is not 0.</summary>
    public CodecReturnCode EncodeGenericMsg(Span<byte> destination, int streamId, ref int cursor, ulong latencyMicros, out int written)
    {
        written = 0;
        if (_data.GenericMsgArray.Length == 0)
            return CodecReturnCode.InvalidArgument;
        var writer = new RwfWriter(destination);
        var msg = Msg.Create(MsgClass.Generic, MarketPriceDomain, streamId, DataTypes.FieldList);
        msg.GenericFlags = GenericMsgFlags.MessageComplete;
        MsgTemplate template = Next(_data.GenericMsgArray, ref cursor);
        return EncodeWithPayload(ref writer, msg, template, LatencyFieldIds.Generic, latencyMicros, out written);
    }

    /// <summary>
    /// A post of the next post template: a PostMsg (POST_COMPLETE) whose payload is an UpdateMsg carrying the same
    /// post user info and the fields, with TIM_TRK_2 when <paramref name="latencyMicros"/> is not 0. The provider
    /// reflects the nested update to the item stream.
    /// </summary>
    public CodecReturnCode EncodePost(Span<byte> destination, int streamId, ref int cursor, PostUserInfo postUser, ulong latencyMicros, out int written)
    {
        written = 0;
        if (_data.PostArray.Length == 0)
            return CodecReturnCode.InvalidArgument;
        var writer = new RwfWriter(destination);
        var post = Msg.Create(MsgClass.Post, MarketPriceDomain, streamId, DataTypes.Msg);
        post.PostFlags = PostMsgFlags.PostComplete;
        post.PostUserInfo = postUser;
        CodecReturnCode rc = MsgEncoder.EncodeInit(ref writer, post, out MsgEncodeState postState);
        if (rc < CodecReturnCode.Success)
            return rc;

        var update = Msg.Create(MsgClass.Update, MarketPriceDomain, streamId, DataTypes.FieldList);
        update.UpdateFlags = UpdateMsgFlags.HasPostUserInfo;
        update.PostUserInfo = postUser;
        MsgTemplate template = Next(_data.PostArray, ref cursor);
        rc = EncodeWithPayload(ref writer, update, template, LatencyFieldIds.Post, latencyMicros, out _);
        return Complete(ref writer, ref postState, rc, out written);
    }

    private static T Next<T>(T[] templates, ref int cursor)
    {
        if ((uint)cursor >= (uint)templates.Length)
            cursor = 0;
        return templates[cursor++];
    }

    private static CodecReturnCode EncodeWithPayload(ref RwfWriter writer, scoped in Msg msg, MsgTemplate template,
        short latencyFieldId, ulong latencyMicros, out int written)
    {
        written = 0;
        CodecReturnCode rc = MsgEncoder.EncodeInit(ref writer, msg, out MsgEncodeState state);
        if (rc < CodecReturnCode.Success)
            return rc;
        rc = FieldListPayload.Write(ref writer, template, latencyFieldId, latencyMicros);
        return Complete(ref writer, ref state, rc, out written);
    }

    // Completes the message when its payload went well, otherwise rolls the whole message back.
    private static CodecReturnCode Complete(ref RwfWriter writer, ref MsgEncodeState state, CodecReturnCode payload, out int written)
    {
        written = 0;
        if (payload < CodecReturnCode.Success)
        {
            MsgEncoder.EncodeComplete(ref writer, ref state, success: false);
            return payload;
        }
        CodecReturnCode rc = MsgEncoder.EncodeComplete(ref writer, ref state, success: true);
        if (rc >= CodecReturnCode.Success)
            written = writer.Position;
        return rc;
    }
}
