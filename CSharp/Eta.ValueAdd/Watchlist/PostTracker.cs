using Eta.Codec;

namespace Eta.ValueAdd.Watchlist;

/// <summary>
/// Posts that asked for an ack, by provider stream, post id and sequence number (LSEG keys them so, and routes the
/// ack to the application stream that posted); each one expires after the post-ack timeout. Entries are structs in
/// a dictionary and a FIFO queue (the timeout is the same for all, so the queue is in expiry order): tracking a post
/// allocates nothing once the tables have grown to the traffic.
/// </summary>
internal sealed class PostTracker
{
    private readonly Dictionary<PostKey, PendingPost> _posts;
    private readonly Queue<PostTimer> _timers;
    private readonly long _timeoutTicks;

    public PostTracker(long timeoutTicks, int capacityHint)
    {
        _timeoutTicks = timeoutTicks;
        _posts = new Dictionary<PostKey, PendingPost>(capacityHint);
        _timers = new Queue<PostTimer>(capacityHint);
    }

    public int Outstanding => _posts.Count;

    public static PostKey KeyOf(int providerStreamId, scoped in Msg post) =>
        new(providerStreamId, post.PostId, (post.PostFlags & PostMsgFlags.HasSeqNum) != 0 ? post.SeqNum : 0);

    public bool Contains(PostKey key) => _posts.ContainsKey(key);

    public void Clear()
    {
        _posts.Clear();
        _timers.Clear();
    }

    public void Track(PostKey key, int appStreamId, byte domainType, bool hasSeqNum, long now)
    {
        long due = now + _timeoutTicks;
        _posts[key] = new PendingPost(appStreamId, domainType, hasSeqNum, due);
        _timers.Enqueue(new PostTimer(key, due));
    }

    /// <summary>The post an ack answers, removed from the table; false when none (unknown, or already timed out).</summary>
    public bool TryAck(int providerStreamId, scoped in Msg ack, out PendingPost post)
    {
        var key = new PostKey(providerStreamId, ack.AckId, (ack.AckFlags & AckMsgFlags.HasSeqNum) != 0 ? ack.SeqNum : 0);
        return _posts.Remove(key, out post);
    }

    /// <summary>The next post whose ack is overdue at <paramref name="now"/>, removed; false when none is.</summary>
    public bool TryExpire(long now, out PostKey key, out PendingPost post)
    {
        while (_timers.TryPeek(out PostTimer timer) && timer.Due <= now)
        {
            _timers.Dequeue();
            // A post acked (or re-posted with the same id) meanwhile left a timer that no longer matches it.
            if (_posts.TryGetValue(timer.Key, out post) && post.Due == timer.Due)
            {
                _posts.Remove(timer.Key);
                key = timer.Key;
                return true;
            }
        }
        key = default;
        post = default;
        return false;
    }

    private readonly record struct PostTimer(PostKey Key, long Due);
}

internal readonly record struct PostKey(int ProviderStreamId, uint PostId, uint SeqNum);

internal readonly record struct PendingPost(int AppStreamId, byte DomainType, bool HasSeqNum, long Due);
