namespace Eta.ValueAdd.Watchlist;

/// <summary>Requests waiting for their service (to appear, come up, or offer their QoS), by service name or id as they named it.</summary>
internal sealed class PendingRequests
{
    private readonly Dictionary<string, List<AppRequest>> _byName = new(StringComparer.Ordinal);
    private readonly Dictionary<int, List<AppRequest>> _byId = [];

    public void Add(AppRequest request)
    {
        List<AppRequest>? list = request.ServiceName is { } name ? _byName.GetValueOrDefault(name) : _byId.GetValueOrDefault(request.RequestedServiceId);
        if (list is null)
        {
            list = [];
            if (request.ServiceName is { } key)
                _byName.Add(key, list);
            else
                _byId.Add(request.RequestedServiceId, list);
        }
        list.Add(request);
    }

    public void Clear()
    {
        _byName.Clear();
        _byId.Clear();
    }

    public void Remove(AppRequest request)
    {
        List<AppRequest>? list = request.ServiceName is { } name ? _byName.GetValueOrDefault(name) : _byId.GetValueOrDefault(request.RequestedServiceId);
        list?.Remove(request);
    }

    /// <summary>Takes out every request naming <paramref name="service"/> by id or by name.</summary>
    public List<AppRequest>? TakeFor(WatchlistService service)
    {
        _byId.Remove(service.ServiceId, out List<AppRequest>? byId);
        List<AppRequest>? byName = null;
        if (service.Name.Length > 0)
            _byName.Remove(service.Name, out byName);
        if (byId is null)
            return byName;
        if (byName is not null)
            byId.AddRange(byName);
        return byId;
    }
}
