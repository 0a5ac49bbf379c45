using Eta.Codec.Rdm;
using PerfTools.PerfHub.Network;

namespace PerfTools.PerfHub.Routing;

/// <summary>
/// Every service the hub knows, as its providers described them (source directory refreshes and updates), with the
/// providers publishing each: the upstream provider alone, or one or more NI providers (NIProvPerf's threads each
/// publish the same service on their own connection). A service is Up while any of its publishers is connected; one
/// whose publishers are all gone stays listed, Down and not accepting requests.
/// </summary>
internal sealed class ServiceDirectory
{
    private readonly List<Entry> _services = [];

    public int Count => _services.Count;

    /// <summary>The first live publisher of the service (the upstream connection for an upstream service).</summary>
    public Peer? OwnerOf(int serviceId)
    {
        int index = IndexOf(serviceId);
        return index < 0 || _services[index].Publishers.Count == 0 ? null : _services[index].Publishers[0];
    }

    public bool Contains(int serviceId) => IndexOf(serviceId) >= 0;

    /// <summary>
    /// Adds or replaces a service published by <paramref name="owner"/>; null (with <paramref name="conflict"/>) when
    /// a live provider that cannot share it already publishes that service id (only NI providers publishing the same
    /// service name share one), or publishes that service name under another id (consumers ask for a service by name:
    /// two of one name would leave them with whichever they found first).
    /// </summary>
    public Service? Publish(Service service, Peer owner, out string? conflict)
    {
        conflict = null;
        int index = IndexOf(service.ServiceId);
        if (index < 0)
        {
            if (LiveNamesake(service) is { } namesake)
            {
                conflict = $"service name {service.Info!.ServiceName} is already provided by {namesake.Publishers[0].Name} as service id {namesake.Service.ServiceId}";
                return null;
            }
            var entry = new Entry(service);
            entry.Publishers.Add(owner);
            _services.Add(entry);
            return service;
        }
        Entry known = _services[index];
        if (!known.Publishers.Contains(owner) && known.Publishers.Count > 0 && !CanShare(known, service, owner))
        {
            conflict = $"service id {service.ServiceId} ({service.Info?.ServiceName}) is already provided by {known.Publishers[0].Name}";
            return null;
        }
        service.Info ??= known.Service.Info;
        service.State ??= known.Service.State;
        known.Service = service;
        if (!known.Publishers.Contains(owner))
            known.Publishers.Add(owner);
        return service;
    }

    /// <summary>
    /// Applies a directory update's state (and info) to a service the owner already published, or publishes a service
    /// it adds (null with <paramref name="conflict"/> when <see cref="Publish"/> refuses it; null alone when deleted).
    /// </summary>
    public Service? Update(Service change, Peer owner, out string? conflict)
    {
        conflict = null;
        int index = IndexOf(change.ServiceId);
        if (index < 0 || !_services[index].Publishers.Contains(owner))
            return Publish(change, owner, out conflict);
        Entry entry = _services[index];
        Service known = entry.Service;
        if (change.Action == Eta.Codec.MapEntryActions.Delete)
        {
            entry.Publishers.Remove(owner);
            if (entry.Publishers.Count == 0)
                _services.RemoveAt(index);
            return null;
        }
        known.Info = change.Info ?? known.Info;
        known.State = change.State ?? known.State;
        return known;
    }

    /// <summary>
    /// <paramref name="owner"/> is gone: it no longer publishes anything. Services left with no publisher are marked
    /// Down and returned (those another NI provider still publishes are unchanged).
    /// </summary>
    public List<Service> Orphan(Peer owner)
    {
        var orphaned = new List<Service>();
        foreach (Entry entry in _services)
        {
            if (!entry.Publishers.Remove(owner) || entry.Publishers.Count > 0)
                continue;
            entry.Service.State = new ServiceState { Value = ServiceStates.Down, AcceptingRequests = 0 };
            orphaned.Add(entry.Service);
        }
        return orphaned;
    }

    /// <summary>Copies of the services (all, or the one asked for) holding the filter's parts, for a consumer.</summary>
    public IEnumerable<Service> View(ServiceFilterFlags filter, int? serviceId = null)
    {
        foreach (Entry entry in _services)
        {
            if (serviceId is { } id && entry.Service.ServiceId != id)
                continue;
            yield return Project(entry.Service, filter);
        }
    }

    public static Service Project(Service service, ServiceFilterFlags filter) => new()
    {
        ServiceId = service.ServiceId,
        Action = service.Action,
        Info = (filter & ServiceFilterFlags.Info) != 0 ? service.Info : null,
        State = (filter & ServiceFilterFlags.State) != 0 ? service.State : null,
        Load = (filter & ServiceFilterFlags.Load) != 0 ? service.Load : null,
    };

    private Entry? LiveNamesake(Service service) =>
        service.Info?.ServiceName is { } name
            ? _services.Find(e => e.Publishers.Count > 0 && e.Service.ServiceId != service.ServiceId && e.Service.Info?.ServiceName == name)
            : null;

    // NI providers publishing the same service (id and name) share it, as an ADH's cache of record takes one service
    // from several publishers; an upstream service has one owner.
    private static bool CanShare(Entry known, Service service, Peer owner) =>
        owner.Role == ChannelRole.NiProvider
        && known.Publishers.TrueForAll(p => p.Role == ChannelRole.NiProvider)
        && (service.Info?.ServiceName is null || known.Service.Info?.ServiceName is null
            || service.Info.ServiceName == known.Service.Info.ServiceName);

    private int IndexOf(int serviceId) => _services.FindIndex(s => s.Service.ServiceId == serviceId);

    private sealed class Entry(Service service)
    {
        public Service Service { get; set; } = service;

        public List<Peer> Publishers { get; } = [];
    }
}
