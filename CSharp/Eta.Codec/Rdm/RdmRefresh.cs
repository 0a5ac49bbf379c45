namespace Eta.Codec.Rdm;

/// <summary>The members every admin refresh (login, directory) carries in its header.</summary>
internal static class RdmRefresh
{
    /// <summary>The refresh flags for a complete refresh with a key.</summary>
    public static RefreshMsgFlags Flags(bool solicited, bool clearCache) =>
        RefreshMsgFlags.HasMsgKey | RefreshMsgFlags.RefreshComplete
        | (solicited ? RefreshMsgFlags.Solicited : 0)
        | (clearCache ? RefreshMsgFlags.ClearCache : 0);

    /// <summary>False when <paramref name="msg"/> is not a refresh of <paramref name="domainType"/>.</summary>
    public static bool TryRead(scoped in Msg msg, byte domainType, out RdmState state, out bool solicited, out bool clearCache)
    {
        state = default;
        solicited = clearCache = false;
        if (msg.MsgClass != MsgClass.Refresh || msg.DomainType != domainType)
            return false;
        state = RdmState.From(msg.State);
        solicited = (msg.RefreshFlags & RefreshMsgFlags.Solicited) != 0;
        clearCache = (msg.RefreshFlags & RefreshMsgFlags.ClearCache) != 0;
        return true;
    }
}
