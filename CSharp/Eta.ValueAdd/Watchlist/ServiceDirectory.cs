using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd.Watchlist;

/// <summary>The services of the source directory by id and by name, as the directory refreshes and updates left them.</summary>
internal sealed class ServiceDirectory
{
    private readonly Dictionary<int, WatchlistService> _byId = [];
    private readonly Dictionary<string, WatchlistService> _byName = new(StringComparer.Ordinal);

    public IEnumerable<WatchlistService> All => _byId.Values;

    public WatchlistService? ById(int serviceId) => _byId.GetValueOrDefault(serviceId);

    public WatchlistService? ByName(string name) => _byName.GetValueOrDefault(name);

    /// <summary>Applies one directory entry; returns the service it concerns (removed from the tables when deleted).</summary>
    public WatchlistService? Apply(Service entry, out bool deleted)
    {
        deleted = entry.Action == MapEntryActions.Delete;
        if (deleted)
        {
            if (!_byId.Remove(entry.ServiceId, out WatchlistService? gone))
                return null;
            if (gone.Name.Length > 0)
                _byName.Remove(gone.Name);
            return gone;
        }
        if (!_byId.TryGetValue(entry.ServiceId, out WatchlistService? service))
        {
            service = new WatchlistService(entry.ServiceId);
            _byId.Add(entry.ServiceId, service);
        }
        string oldName = service.Name;
        service.Merge(entry);
        if (service.Name != oldName)
        {
            if (oldName.Length > 0)
                _byName.Remove(oldName);
            if (service.Name.Length > 0)
                _byName[service.Name] = service;
        }
        return service;
    }

    public void Clear()
    {
        _byId.Clear();
        _byName.Clear();
    }
}
