namespace PerfTools.PerfHub.Routing;

/// <summary>
/// Posts sent upstream that asked for an ack. The upstream provider sees one poster, the hub, so each such post goes
/// up with a hub-wide post id (two consumers' post ids may be equal); the ack that comes back carries that id and is
/// routed to the poster's stream with the poster's own post id restored. A fixed ring of the latest
/// <see cref="Capacity"/> posts: an ack older than that (or never sent) simply finds no entry. Allocates nothing.
/// </summary>
internal sealed class UpstreamPosts
{
    public const int Capacity = 1 << 14;

    private readonly Entry[] _entries = new Entry[Capacity];
    private uint _next = 1;

    /// <summary>The id under which the post goes upstream.</summary>
    public uint Register(Peer consumer, int streamId, uint postId)
    {
        uint hubPostId = _next;
        _next = _next == uint.MaxValue ? 1 : _next + 1; // 0 marks a free entry
        _entries[hubPostId & (Capacity - 1)] = new Entry(hubPostId, consumer, streamId, postId);
        return hubPostId;
    }

    /// <summary>The poster of the post acked as <paramref name="hubPostId"/>; the entry is freed.</summary>
    public bool TryTake(uint hubPostId, out Peer? consumer, out int streamId, out uint postId)
    {
        ref Entry entry = ref _entries[hubPostId & (Capacity - 1)];
        consumer = entry.Consumer;
        streamId = entry.StreamId;
        postId = entry.PostId;
        if (hubPostId == 0 || entry.HubPostId != hubPostId || consumer is null)
            return false;
        entry = default;
        return true;
    }

    /// <summary>The consumer is gone: acks for its posts have nowhere to go.</summary>
    public void Forget(Peer consumer)
    {
        for (int i = 0; i < _entries.Length; i++)
        {
            if (_entries[i].Consumer == consumer)
                _entries[i] = default;
        }
    }

    private readonly record struct Entry(uint HubPostId, Peer? Consumer, int StreamId, uint PostId);
}
