namespace Eta.Codec;

/// <summary>
/// Dispatches the class-specific parts of a message header to the class's layout, and knows which flag bit of
/// each class announces the key, the extended header and the request key.
/// </summary>
internal static class MsgHeaderCodec
{
    // Every class announces its extended header with bit 0x0001.
    private const ushort ExtendedHeaderBit = 0x0001;

    public static bool IsKnown(MsgClass msgClass) => msgClass is >= MsgClass.Request and <= MsgClass.Post;

    /// <summary>The flags to put on the wire: the caller's, minus flags whose member is empty (as ETA does).</summary>
    public static ushort WireFlags(scoped in Msg msg) => msg.MsgClass switch
    {
        MsgClass.Refresh => RefreshLayout.WireFlags(msg),
        MsgClass.Status => StatusLayout.WireFlags(msg),
        MsgClass.Update => UpdateLayout.WireFlags(msg),
        MsgClass.Generic => GenericLayout.WireFlags(msg),
        MsgClass.Post => PostLayout.WireFlags(msg),
        _ => msg.Flags,
    };

    public static bool HasKey(MsgClass msgClass, ushort flags) => msgClass switch
    {
        MsgClass.Request => true,
        MsgClass.Refresh => Has(flags, (ushort)RefreshMsgFlags.HasMsgKey),
        MsgClass.Status => Has(flags, (ushort)StatusMsgFlags.HasMsgKey),
        MsgClass.Update => Has(flags, (ushort)UpdateMsgFlags.HasMsgKey),
        MsgClass.Ack => Has(flags, (ushort)AckMsgFlags.HasMsgKey),
        MsgClass.Generic => Has(flags, (ushort)GenericMsgFlags.HasMsgKey),
        MsgClass.Post => Has(flags, (ushort)PostMsgFlags.HasMsgKey),
        _ => false,
    };

    public static bool HasExtendedHeader(ushort flags) => Has(flags, ExtendedHeaderBit);

    public static bool HasReqKey(MsgClass msgClass, ushort flags) => msgClass switch
    {
        MsgClass.Refresh => Has(flags, (ushort)RefreshMsgFlags.HasReqMsgKey),
        MsgClass.Status => Has(flags, (ushort)StatusMsgFlags.HasReqMsgKey),
        MsgClass.Generic => Has(flags, (ushort)GenericMsgFlags.HasReqMsgKey),
        _ => false,
    };

    /// <summary>Class members between the container type and the key.</summary>
    public static void WritePrefix(ref HeaderWriter w, scoped in Msg msg, ushort flags)
    {
        switch (msg.MsgClass)
        {
            case MsgClass.Request: RequestLayout.WritePrefix(ref w, msg, (RequestMsgFlags)flags); break;
            case MsgClass.Refresh: RefreshLayout.WritePrefix(ref w, msg, (RefreshMsgFlags)flags); break;
            case MsgClass.Status: StatusLayout.WritePrefix(ref w, msg, (StatusMsgFlags)flags); break;
            case MsgClass.Update: UpdateLayout.WritePrefix(ref w, msg, (UpdateMsgFlags)flags); break;
            case MsgClass.Ack: AckLayout.WritePrefix(ref w, msg, (AckMsgFlags)flags); break;
            case MsgClass.Generic: GenericLayout.WritePrefix(ref w, msg, (GenericMsgFlags)flags); break;
            case MsgClass.Post: PostLayout.WritePrefix(ref w, msg, (PostMsgFlags)flags); break;
        }
    }

    /// <summary>Class members after the extended header.</summary>
    public static void WriteTrailer(ref HeaderWriter w, scoped in Msg msg)
    {
        switch (msg.MsgClass)
        {
            case MsgClass.Refresh: RefreshLayout.WriteTrailer(ref w, msg); break;
            case MsgClass.Status: StatusLayout.WriteTrailer(ref w, msg); break;
            case MsgClass.Update: UpdateLayout.WriteTrailer(ref w, msg); break;
            case MsgClass.Generic: GenericLayout.WriteTrailer(ref w, msg); break;
            case MsgClass.Post: PostLayout.WriteTrailer(ref w, msg); break;
        }
    }

    public static void ReadPrefix(scoped ref HeaderReader r, scoped ref Msg msg)
    {
        switch (msg.MsgClass)
        {
            case MsgClass.Request: RequestLayout.ReadPrefix(ref r, ref msg); break;
            case MsgClass.Refresh: RefreshLayout.ReadPrefix(ref r, ref msg); break;
            case MsgClass.Status: StatusLayout.ReadPrefix(ref r, ref msg); break;
            case MsgClass.Update: UpdateLayout.ReadPrefix(ref r, ref msg); break;
            case MsgClass.Ack: AckLayout.ReadPrefix(ref r, ref msg); break;
            case MsgClass.Generic: GenericLayout.ReadPrefix(ref r, ref msg); break;
            case MsgClass.Post: PostLayout.ReadPrefix(ref r, ref msg); break;
        }
    }

    public static void ReadTrailer(scoped ref HeaderReader r, scoped ref Msg msg)
    {
        switch (msg.MsgClass)
        {
            case MsgClass.Refresh: RefreshLayout.ReadTrailer(ref r, ref msg); break;
            case MsgClass.Status: StatusLayout.ReadTrailer(ref r, ref msg); break;
            case MsgClass.Update: UpdateLayout.ReadTrailer(ref r, ref msg); break;
            case MsgClass.Generic: GenericLayout.ReadTrailer(ref r, ref msg); break;
            case MsgClass.Post: PostLayout.ReadTrailer(ref r, ref msg); break;
        }
    }

    private static bool Has(ushort flags, ushort bit) => (flags & bit) != 0;
}
