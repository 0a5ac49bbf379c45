using PerfTools.Common.Items;

namespace PerfTools.ConsPerf.Session;

/// <summary>
/// A thread's items by stream id (consecutive from <see cref="FirstStreamId"/>), the next one to request, and the
/// round-robin order of the items that post or send generic messages.
/// </summary>
internal sealed class ItemStreamTable
{
    /// <summary>Stream ids 1 and 2 are the login and directory streams.</summary>
    public const int FirstStreamId = 3;

    private readonly ItemStream[] _items;
    private readonly ItemStream[] _posting;
    private readonly ItemStream[] _genMsg;
    private int _nextToRequest;
    private int _nextPost;
    private int _nextGenMsg;

    public ItemStreamTable(IReadOnlyList<ItemSpec> specs, bool snapshotAll)
    {
        _items = new ItemStream[specs.Count];
        for (int i = 0; i < specs.Count; i++)
            _items[i] = new ItemStream(FirstStreamId + i, specs[i], snapshotAll || specs[i].Snapshot);
        _posting = _items.Where(i => i.Spec.Post).ToArray();
        _genMsg = _items.Where(i => i.Spec.GenMsg).ToArray();
    }

    public int Count => _items.Length;

    public bool AllRequested => _nextToRequest == _items.Length;

    public bool HasPostingItems => _posting.Length > 0;

    public bool HasGenMsgItems => _genMsg.Length > 0;

    /// <summary>The item on <paramref name="streamId"/>, or null for a stream that is not one of ours.</summary>
    public ItemStream? ByStreamId(int streamId)
    {
        uint index = (uint)(streamId - FirstStreamId);
        return index < (uint)_items.Length ? _items[index] : null;
    }

    /// <summary>The next item to request, or null when all are requested.</summary>
    public ItemStream? NextToRequest() => _nextToRequest < _items.Length ? _items[_nextToRequest] : null;

    public void MarkRequested(ItemStream item)
    {
        item.Requested = true;
        _nextToRequest++;
    }

    public ItemStream NextPostItem() => Next(_posting, ref _nextPost);

    public ItemStream NextGenMsgItem() => Next(_genMsg, ref _nextGenMsg);

    private static ItemStream Next(ItemStream[] ring, ref int cursor)
    {
        if (cursor >= ring.Length)
            cursor = 0;
        return ring[cursor++];
    }
}
