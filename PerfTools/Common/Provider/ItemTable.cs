namespace PerfTools.Common.Provider;

/// <summary>
/// The items open on one connection: found by stream id, queued for their refresh, and, once refreshed and
/// streaming, part of the rotation that update and generic message bursts walk round-robin.
/// Opening and closing allocate; walking the rotation and the refresh queue does not.
/// </summary>
public sealed class ItemTable
{
    private readonly Dictionary<int, ItemStream> _byStreamId = [];
    private readonly Dictionary<ItemKey, ItemStream> _byKey = [];
    private readonly Queue<ItemStream> _refreshQueue = new();
    private readonly List<ItemStream> _rotation = [];
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
            item.RotationIndex = _rotation.Count;
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
        // Swap-remove keeps the rotation dense.
        int last = _rotation.Count - 1;
        ItemStream moved = _rotation[last];
        _rotation[index] = moved;
        moved.RotationIndex = index;
        _rotation.RemoveAt(last);
        item.RotationIndex = -1;
    }

    /// <summary>The next item to update, round-robin; false when no item is in the rotation.</summary>
    public bool TryNextForUpdate(out ItemStream item) => TryNext(ref _updateNext, out item);

    /// <summary>The next item to send a generic message on, round-robin.</summary>
    public bool TryNextForGenericMsg(out ItemStream item) => TryNext(ref _genericNext, out item);

    public void Clear()
    {
        _byStreamId.Clear();
        _byKey.Clear();
        _refreshQueue.Clear();
        _rotation.Clear();
    }

    private bool TryNext(ref int next, out ItemStream item)
    {
        if (_rotation.Count == 0)
        {
            item = null!;
            return false;
        }
        if (next >= _rotation.Count)
            next = 0;
        item = _rotation[next++];
        return true;
    }
}
