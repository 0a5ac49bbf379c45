namespace PerfTools.Common.Provider;

/// <summary>
/// The items open on one connection: found by stream id, queued for their refresh, and, once refreshed and
/// streaming, part of the rotation that update and generic message bursts walk round-robin.
/// The rotation keeps what a burst needs of each item (<see cref="RotationEntry"/>: stream id and template
/// cursors) in one array of structs beside the items, so a burst walks contiguous memory: with 100,000 items the
/// walk through the item objects missed the cache on nearly every update (a third of the burst's own CPU at 1M/s).
/// Opening and closing allocate; walking the rotation and the refresh queue does not.
/// </summary>
public sealed class ItemTable
{
    private readonly Dictionary<int, ItemStream> _byStreamId = [];
    private readonly Dictionary<ItemKey, ItemStream> _byKey = [];
    private readonly Queue<ItemStream> _refreshQueue = new();
    private readonly List<ItemStream> _rotation = [];
    private RotationEntry[] _entries = [];
    private int _updateNext;
    private int _genericNext;

    public int OpenCount => _byStreamId.Count;

    public int RefreshesPending => _refreshQueue.Count;

    /// <summary>Items that receive updates (refreshed streaming items).</summary>
    public int RotationCount => _rotation.Count;

    public bool TryGet(int streamId, out ItemStream item) => _byStreamId.TryGetValue(streamId, out item!);

    /// <summary>True when another stream already has this key (a new request for it is rejected).</summary>
    public bool IsOpenOnOtherStream(ItemKey key, int streamId) =>
        _byKey.TryGetValue(key, out ItemStream? item) && item.StreamId != streamId;

    /// <summary>Adds a new item and queues its refresh.</summary>
    public void Open(ItemStream item)
    {
        _byStreamId.Add(item.StreamId, item);
        _byKey[item.Key] = item;
        QueueRefresh(item);
    }

    /// <summary>Queues a refresh for an open item (new request or reissue); no-op when one is queued already.</summary>
    public void QueueRefresh(ItemStream item)
    {
        if (item.RefreshPending)
            return;
        item.RefreshPending = true;
        _refreshQueue.Enqueue(item);
    }

    /// <summary>Takes the next item whose refresh is due, skipping items closed while queued.</summary>
    public bool TryDequeueRefresh(out ItemStream item)
    {
        while (_refreshQueue.TryDequeue(out item!))
        {
            if (item.RefreshPending && _byStreamId.ContainsKey(item.StreamId))
            {
                item.RefreshPending = false;
                return true;
            }
        }
        return false;
    }

    /// <summary>After its refresh: a streaming item joins the rotation, a snapshot item is forgotten.</summary>
    public void RefreshSent(ItemStream item)
    {
        if (!item.Streaming)
        {
            Close(item.StreamId);
            return;
        }
        if (item.RotationIndex < 0)
        {
            int index = _rotation.Count;
            if (index == _entries.Length)
                Array.Resize(ref _entries, Math.Max(16, 2 * index));
            _entries[index] = new RotationEntry(item.StreamId);
            item.RotationIndex = index;
            _rotation.Add(item);
        }
    }

    public void Close(int streamId)
    {
        if (!_byStreamId.Remove(streamId, out ItemStream? item))
            return;
        _byKey.Remove(item.Key);
        item.RefreshPending = false;
        int index = item.RotationIndex;
        if (index < 0)
            return;
        // Swap-remove keeps the rotation dense; the last item's entry (with its cursors) moves with it.
        int last = _rotation.Count - 1;
        ItemStream moved = _rotation[last];
        _rotation[index] = moved;
        _entries[index] = _entries[last];
        moved.RotationIndex = index;
        _rotation.RemoveAt(last);
        item.RotationIndex = -1;
    }

    /// <summary>The next item to update, round-robin: its place in the rotation (<see cref="Entry"/>); false when no item is in the rotation.</summary>
    public bool TryNextForUpdate(out int index) => TryNext(ref _updateNext, out index);

    /// <summary>The next item to send a generic message on, round-robin (<see cref="Entry"/>).</summary>
    public bool TryNextForGenericMsg(out int index) => TryNext(ref _genericNext, out index);

    /// <summary>The rotation entry at <paramref name="index"/> (from <see cref="TryNextForUpdate"/>), valid until the rotation next changes.</summary>
    public ref RotationEntry Entry(int index) => ref _entries[index];

    public void Clear()
    {
        _byStreamId.Clear();
        _byKey.Clear();
        _refreshQueue.Clear();
        _rotation.Clear();
    }

    private bool TryNext(ref int next, out int index)
    {
        if (_rotation.Count == 0)
        {
            index = -1;
            return false;
        }
        if (next >= _rotation.Count)
            next = 0;
        index = next++;
        return true;
    }
}
