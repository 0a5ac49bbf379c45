namespace PerfTools.PerfHub.Cache;

/// <summary>
/// Updates fanned out but not yet merged into their item's image, so that one an item's next update supersedes is
/// never merged at all. Merging an update into the image of one of 100,000 items is a chain of cache misses (record,
/// value area, its lines), most of the hub's cost per update; only the image a consumer asks for later needs it. So
/// an update's field list is kept here, in a ring of fixed slots written in order, and its item remembers its slot and
/// <see cref="UpdateShape"/>. When the item's next update has the same shape (the same fields, as NIProvPerf's all
/// have), the kept one is dropped unmerged; of another shape, it is merged first, so the image takes updates in order.
/// When the ring is full its oldest slots are retired: those still kept are merged then, their memory loaded for the
/// whole batch first as <c>Run/SourceBatch</c> does. Anything that reads or changes an image (a consumer's refresh,
/// a source's refresh, a post) merges the item's kept update first (<see cref="CachedItem.Record"/>), so an image
/// is always every update applied. The ring starts small and doubles (up to <see cref="MaxSlots"/>) while more than
/// one slot in 8 is still kept when it is retired: with 100,000 items updated at random it settles at 262,144 slots
/// (48 MB), where about 93% of updates are superseded before their slot comes round. Used by the hub's one thread;
/// allocates only when it grows.
/// </summary>
internal sealed class DeferredUpdates
{
    /// <summary>Room for one update's field list; a longer one is merged at once.</summary>
    public const int SlotBytes = 192;

    public const int InitialSlots = 4096;

    public const int MaxSlots = 1 << 18;

    private const int RetireBatch = 32;

    private readonly UpdateShapes _shapes = new();
    private readonly CachedItem[] _retiring = new CachedItem[RetireBatch];
    private byte[] _bytes = new byte[InitialSlots * SlotBytes];
    private int[] _lengths = new int[InitialSlots];
    private CachedItem?[] _items = new CachedItem?[InitialSlots];
    private int _tail;
    private int _count;
    private int _lapRetired;
    private int _lapKept;
    private bool _grow;
    private int _touched;

    /// <summary>Updates kept instead of merged at once.</summary>
    public long Deferred { get; private set; }

    /// <summary>Kept updates dropped unmerged: the item's next update carried the same fields.</summary>
    public long Superseded { get; private set; }

    /// <summary>Kept updates merged (their slot came round, the item's next update differed, or its image was needed).</summary>
    public long Merged { get; private set; }

    /// <summary>Slots in the ring now.</summary>
    public int Capacity => _items.Length;

    /// <summary>
    /// Keeps <paramref name="fieldList"/>, an update of <paramref name="item"/> already fanned out, to be merged later
    /// or dropped when superseded; false when it cannot be kept (too long, no shape): the caller merges it now.
    /// </summary>
    public bool Defer(CachedItem item, ReadOnlySpan<byte> fieldList)
    {
        if (fieldList.Length > SlotBytes)
            return false;
        UpdateShape? shape = _shapes.Of(fieldList, item.DeferredShape);
        if (shape is null)
            return false;
        if (item.DeferredSlot >= 0)
        {
            if (item.DeferredShape == shape)
            {
                _items[item.DeferredSlot] = null;
                item.DeferredSlot = -1;
                Superseded++;
            }
            else
            {
                Merge(item);
            }
        }
        if (_count == _items.Length)
            MakeRoom();
        int slot = (_tail + _count) & (_items.Length - 1);
        _count++;
        fieldList.CopyTo(_bytes.AsSpan(slot * SlotBytes, SlotBytes));
        _lengths[slot] = fieldList.Length;
        _items[slot] = item;
        item.DeferredSlot = slot;
        item.DeferredShape = shape;
        Deferred++;
        return true;
    }

    /// <summary>Merges the update kept for <paramref name="item"/> into its image (it has one: <see cref="CachedItem.DeferredSlot"/> ≥ 0).</summary>
    public void Merge(CachedItem item)
    {
        int slot = item.DeferredSlot;
        item.DeferredSlot = -1;
        item.DeferredShape = null;
        _items[slot] = null;
        Merged++;
        // It decoded to its end when its shape was taken, so the merge cannot fail on its content.
        item.ImageAsIs.ApplyUpdate(_bytes.AsSpan(slot * SlotBytes, _lengths[slot]));
    }

    private void MakeRoom()
    {
        if (_grow && _items.Length < MaxSlots)
        {
            Grow();
            return;
        }
        int mask = _items.Length - 1;
        int retired = Math.Min(RetireBatch, _count);
        int kept = 0;
        for (int i = 0; i < retired; i++)
        {
            if (_items[(_tail + i) & mask] is { } item)
                _retiring[kept++] = item;
        }
        // The image memory of every kept update in turn, one link per pass, so the loads overlap (Run/SourceBatch).
        int touched = 0;
        for (int i = 0; i < kept; i++)
            touched += _retiring[i].ImageAsIs.Warm(firstLink: true);
        for (int i = 0; i < kept; i++)
            touched += _retiring[i].ImageAsIs.Warm(firstLink: false);
        _touched += touched;
        for (int i = 0; i < kept; i++)
            Merge(_retiring[i]);
        Array.Clear(_retiring, 0, kept);
        _tail = (_tail + retired) & mask;
        _count -= retired;
        _lapRetired += retired;
        _lapKept += kept;
        if (_lapRetired >= _items.Length)
        {
            _grow = _lapKept * 8 > _lapRetired;
            _lapRetired = 0;
            _lapKept = 0;
        }
    }

    // Twice the slots, the kept updates moved to the start in order (their items told their new slots).
    private void Grow()
    {
        int capacity = _items.Length * 2;
        var bytes = new byte[capacity * SlotBytes];
        var lengths = new int[capacity];
        var items = new CachedItem?[capacity];
        int mask = _items.Length - 1;
        for (int i = 0; i < _count; i++)
        {
            int from = (_tail + i) & mask;
            if (_items[from] is not { } item)
                continue;
            _bytes.AsSpan(from * SlotBytes, SlotBytes).CopyTo(bytes.AsSpan(i * SlotBytes));
            lengths[i] = _lengths[from];
            items[i] = item;
            item.DeferredSlot = i;
        }
        _bytes = bytes;
        _lengths = lengths;
        _items = items;
        _tail = 0;
        _grow = false;
        _lapRetired = 0;
        _lapKept = 0;
    }
}
