using Eta.Codec.Rdm;

namespace PerfTools.PerfHub.Routing;

/// <summary>
/// Every service the hub knows, as its providers described them (source directory refreshes and updates), with the
/// provider that owns each. A service whose provider is gone stays listed, Down and not accepting requests.
/// </summary>
internal sealed class ServiceDirectory
{
    private readonly List<(Service Service, Peer? Owner)> _services = [];

    public int Count => _services.Count;

    public Peer? OwnerOf(int serviceId)
    {
        int index = IndexOf(serviceId);
        return index < 0 ? null : _services[index].Owner;
    }

    public bool Contains(int serviceId) => IndexOf(serviceId) >= 0;

    /// <summary>
    /// Adds or replaces a service published by <paramref name="owner"/>; null (with <paramref name="conflict"/>) when
    /// another live provider already owns that service id.
    /// </summary>
    public Service? Publish(Service service, Peer owner, out string? conflict)
    {
        conflict = null;
        int index = IndexOf(service.ServiceId);
        if (index >= 0 && _services[index].Owner is { } current && current != owner)
        {
            conflict = $"service id {service.ServiceId} ({service.Info?.ServiceName}) is already provided by {current.Name}";
            return null;
        }
        if (index >= 0)
        {
            Service known = _services[index].Service;
            service.Info ??= known.Info;
            service.State ??= known.State;
            _services[index] = (service, owner);
        }
        else
        {
            _services.Add((service, owner));
        }
        return service;
    }

    /// <summary>Applies a directory update's state (and info) to a service the owner already published.</summary>
    public Service? Update(Service change, Peer owner)
    {
        int index = IndexOf(change.ServiceId);
        if (index < 0 || _services[index].Owner != owner)
            return Publish(change, owner, out _);
        Service known = _services[index].Service;
        if (change.Action == Eta.Codec.MapEntryActions.Delete)
        {
            _services.RemoveAt(index);
            return null;
        }
        known.Info = change.Info ?? known.Info;
        known.State = change.State ?? known.State;
        return known;
    }

    /// <summary>Marks every service of <paramref name="owner"/> Down and ownerless; returns them.</summary>
    public List<Service> Orphan(Peer owner)
    {
        var orphaned = new List<Service>();
        for (int i = 0; i < _services.Count; i++)
        {
            if (_services[i].Owner != owner)
                continue;
            Service service = _services[i].Service;
            service.State = new ServiceState { Value = ServiceStates.Down, AcceptingRequests = 0 };
            _services[i] = (service, null);
            orphaned.Add(service);
        }
        return orphaned;
    }

    /// <summary>Copies of the services (all, or the one asked for) holding the filter's parts, for a consumer.</summary>
    public IEnumerable<Service> View(ServiceFilterFlags filter, int? serviceId = null)
    {
        foreach ((Service service, _) in _services)
        {
            if (serviceId is { } id && service.ServiceId != id)
                continue;
            yield return Project(service, filter);
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

    private int IndexOf(int serviceId) => _services.FindIndex(s => s.Service.ServiceId == serviceId);
}
