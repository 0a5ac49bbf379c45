namespace PerfTools.PerfHub.Cache;

/// <summary>Every item the hub has seen, by service id and name. Looked up on requests and refreshes, not on updates.</summary>
internal sealed class ItemCache
{
    private readonly Dictionary<(int ServiceId, byte Domain, string Name), CachedItem> _items = [];

    public int Count => _items.Count;

    /// <summary>The field list shapes the items' images share.</summary>
    public FieldLayouts Layouts { get; } = new();

    /// <summary>Updates fanned out and not yet merged into their images.</summary>
    public DeferredUpdates Deferred { get; } = new();

    public IEnumerable<CachedItem> Items => _items.Values;

    /// <summary>Items holding a complete image.</summary>
    public int ImageCount { get; private set; }

    public CachedItem? Find(int serviceId, byte domainType, string name) =>
        _items.GetValueOrDefault((serviceId, domainType, name));

    public CachedItem GetOrAdd(int serviceId, byte domainType, ReadOnlySpan<byte> name, byte nameType)
    {
        string text = System.Text.Encoding.UTF8.GetString(name);
        if (_items.TryGetValue((serviceId, domainType, text), out CachedItem? item))
            return item;
        item = new CachedItem(serviceId, text, name.ToArray(), nameType, domainType, Layouts, Deferred);
        _items.Add((serviceId, domainType, text), item);
        return item;
    }

    /// <summary>Records that <paramref name="item"/> now holds (or no longer holds) a complete image.</summary>
    public void SetHasImage(CachedItem item, bool hasImage)
    {
        if (item.HasImage == hasImage)
            return;
        item.HasImage = hasImage;
        ImageCount += hasImage ? 1 : -1;
    }
}
