using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.Transport;

namespace Eta.ValueAdd.Tests.Support;

/// <summary>MarketPrice request, refresh and update, encoded into a channel's buffer and submitted.</summary>
internal static class ItemMessages
{
    public const int ItemStream = 5;

    private static readonly byte[] s_name = "TRI.N"u8.ToArray();

    public static ReactorReturnCode SubmitRequest(ReactorChannel channel, int streamId = ItemStream)
    {
        var msg = Msg.Create(MsgClass.Request, DomainTypes.MarketPrice, streamId);
        msg.RequestFlags = RequestMsgFlags.Streaming;
        msg.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName;
        msg.Key.ServiceId = Services.DirectFeedId;
        msg.Key.Name = s_name;
        return channel.Submit(msg);
    }

    public static ReactorReturnCode SubmitRefresh(ReactorChannel channel, int streamId) =>
        Submit(channel, MsgClass.Refresh, streamId, 1);

    /// <summary>An update encoded by the application into a buffer from <see cref="ReactorChannel.GetBuffer"/>.</summary>
    public static ReactorReturnCode SubmitUpdate(ReactorChannel channel, int streamId, long value) =>
        Submit(channel, MsgClass.Update, streamId, value);

    private static ReactorReturnCode Submit(ReactorChannel channel, MsgClass msgClass, int streamId, long value)
    {
        ReactorReturnCode rc = channel.GetBuffer(128, packed: false, out TransportBuffer? buffer);
        if (rc != ReactorReturnCode.Success)
            return rc;
        var enc = new RwfEncoder(buffer!.Data);
        var msg = Msg.Create(msgClass, DomainTypes.MarketPrice, streamId, DataTypes.FieldList);
        if (msgClass == MsgClass.Refresh)
        {
            msg.RefreshFlags = RefreshMsgFlags.Solicited | RefreshMsgFlags.RefreshComplete | RefreshMsgFlags.HasMsgKey;
            msg.State = new State(StreamStates.Open, DataStates.Ok);
            msg.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName;
            msg.Key.ServiceId = Services.DirectFeedId;
            msg.Key.Name = s_name;
        }
        MsgEncoder.EncodeInit(ref enc, msg, out MsgEncodeState state);
        enc.FieldListInit();
        enc.FieldEntry(22, new Real(value, RealHints.ExponentNeg2));
        enc.FieldListComplete(success: true);
        MsgEncoder.EncodeComplete(ref enc, ref state, success: true);
        buffer.Length = enc.Position;
        return channel.Submit(buffer);
    }
}
