namespace Eta.ValueAdd.Watchlist;

/// <summary>
/// The short way for updates: for each provider stream whose updates go to one application stream and need nothing
/// else (one request on it, open or part way through a multi-part refresh), that application stream's id; 0 for
/// every other stream, whose updates take the full path (stream table, fan-out). Provider stream ids are handed out
/// in order from the first one, so this is a plain int array indexed by id: an update reads one 4-byte slot instead
/// of a dictionary entry, the stream, its request list and the request, which with 100,000 items are a cache miss
/// each. Ids past <see cref="MaxSlots"/> (or an application stream id of 0) simply have no route.
/// </summary>
internal sealed class UpdateRoutes
{
    /// <summary>16 MB of slots at most: a watchlist that has opened more streams than this sends the rest the full way.</summary>
    internal const int MaxSlots = 1 << 22;

    private readonly int _firstStreamId;
    private int[] _routes;

    public UpdateRoutes(int firstStreamId, int capacityHint)
    {
        _firstStreamId = firstStreamId;
        _routes = new int[Math.Clamp(capacityHint, 64, MaxSlots)];
    }

    /// <summary>The application stream id the updates of <paramref name="providerStreamId"/> go straight to, or 0.</summary>
    public int Find(int providerStreamId)
    {
        uint slot = (uint)(providerStreamId - _firstStreamId);
        int[] routes = _routes;
        return slot < (uint)routes.Length ? routes[slot] : 0;
    }

    /// <summary>Sets (or with 0 removes) the route of a provider stream.</summary>
    public void Set(int providerStreamId, int appStreamId)
    {
        uint slot = (uint)(providerStreamId - _firstStreamId);
        if (slot >= (uint)_routes.Length)
        {
            if (appStreamId == 0 || slot >= MaxSlots)
                return;
            Array.Resize(ref _routes, (int)Math.Min(MaxSlots, Math.Max(slot + 1, (long)_routes.Length * 2)));
        }
        _routes[slot] = appStreamId;
    }
}
