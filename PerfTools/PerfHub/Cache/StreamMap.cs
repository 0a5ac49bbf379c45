using System.Diagnostics.CodeAnalysis;

namespace PerfTools.PerfHub.Cache;

/// <summary>
/// The items a source publishes, by its stream id: looked up for every update that comes in. NI providers number
/// their item streams -1, -2, … and the hub its upstream streams from 10 up, so ids near zero are slots of one array
/// (a single memory access into a 100,000-item table, where a hash table takes two: its buckets, then its entries);
/// any other id goes to a dictionary. Allocates only when the array or the dictionary grows.
/// </summary>
internal sealed class StreamMap
{
    private const int DenseSlots = 1 << 21; // ids from -1,048,576 to 1,048,575

    private CachedItem?[] _dense = new CachedItem?[64];
    private readonly Dictionary<int, CachedItem> _sparse = [];

    public int Count { get; private set; }

    public bool TryGetValue(int streamId, [NotNullWhen(true)] out CachedItem? item)
    {
        uint slot = Slot(streamId);
        if (slot < DenseSlots)
        {
            item = slot < (uint)_dense.Length ? _dense[slot] : null;
            return item is not null;
        }
        return _sparse.TryGetValue(streamId, out item);
    }

    public CachedItem this[int streamId]
    {
        set
        {
            uint slot = Slot(streamId);
            if (slot >= DenseSlots)
            {
                if (_sparse.TryAdd(streamId, value))
                    Count++;
                else
                    _sparse[streamId] = value;
                return;
            }
            if (slot >= (uint)_dense.Length)
                Array.Resize(ref _dense, (int)Math.Min(DenseSlots, Math.Max(slot + 1, (uint)_dense.Length * 2)));
            if (_dense[slot] is null)
                Count++;
            _dense[slot] = value;
        }
    }

    public bool Remove(int streamId)
    {
        uint slot = Slot(streamId);
        bool removed;
        if (slot >= DenseSlots)
        {
            removed = _sparse.Remove(streamId);
        }
        else
        {
            removed = slot < (uint)_dense.Length && _dense[slot] is not null;
            if (removed)
                _dense[slot] = null;
        }
        if (removed)
            Count--;
        return removed;
    }

    /// <summary>Every item held (on a source's loss, not per message).</summary>
    public IEnumerable<CachedItem> Values
    {
        get
        {
            foreach (CachedItem? item in _dense)
            {
                if (item is not null)
                    yield return item;
            }
            foreach (CachedItem item in _sparse.Values)
                yield return item;
        }
    }

    public void Clear()
    {
        Array.Clear(_dense);
        _sparse.Clear();
        Count = 0;
    }

    // Zigzag: 0, -1, 1, -2, 2 … become slots 0, 1, 2, 3, 4 …
    private static uint Slot(int streamId) => (uint)((streamId << 1) ^ (streamId >> 31));
}
