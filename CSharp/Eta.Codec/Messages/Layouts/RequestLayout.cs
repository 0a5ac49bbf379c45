namespace Eta.Codec;

/// <summary>
/// Request header after flags and container type:
/// <code>
/// u8 priorityClass, u16ob priorityCount   if HasPriority
/// qos                                     if HasQos
/// worstQos                                if HasWorstQos
/// key                                     always
/// u8+n extendedHeader                     if HasExtendedHeader
/// </code>
/// </summary>
internal static class RequestLayout
{
    public static void WritePrefix(ref HeaderWriter w, scoped in Msg msg, RequestMsgFlags flags)
    {
        if ((flags & RequestMsgFlags.HasPriority) != 0)
        {
            w.Byte(msg.PriorityClass);
            w.U16ob(msg.PriorityCount);
        }
        if ((flags & RequestMsgFlags.HasQos) != 0)
            QosStateCodec.WriteQos(ref w, msg.Qos);
        if ((flags & RequestMsgFlags.HasWorstQos) != 0)
            QosStateCodec.WriteQos(ref w, msg.WorstQos);
    }

    public static void ReadPrefix(scoped ref HeaderReader r, scoped ref Msg msg)
    {
        RequestMsgFlags flags = msg.RequestFlags;
        if ((flags & RequestMsgFlags.HasPriority) != 0)
        {
            msg.PriorityClass = r.Byte();
            msg.PriorityCount = r.U16ob();
        }
        if ((flags & RequestMsgFlags.HasQos) != 0)
            msg.Qos = QosStateCodec.ReadQos(ref r);
        if ((flags & RequestMsgFlags.HasWorstQos) != 0)
            msg.WorstQos = QosStateCodec.ReadQos(ref r);
    }
}
