using Eta.Codec;
using PerfTools.PerfHub.Cache;
using PerfTools.PerfHub.Routing;

namespace PerfTools.PerfHub.Run;

/// <summary>
/// The messages of one read slice from a source (an NI provider or the upstream provider), held and handled together
/// so the cache memory their updates reach is loaded for all of them at once. An update lands on a random one of up to
/// 100,000 items, and reaching its image takes a chain of dependent loads (stream slot, item, record, image, subscriber
/// list), each one a likely cache miss; handled one message at a time those misses follow one another. Here each link
/// of the chain is first loaded for every update of the batch in turn (loads that do not depend on one another, which
/// the processor overlaps), then the messages are handled in order as before. One batch serves the loop's one thread;
/// allocates nothing once built.
/// </summary>
internal sealed class SourceBatch
{
    /// <summary>Messages held before they are handled: enough to overlap the misses, few enough to stay in the L1/L2 cache.</summary>
    public const int MaxMessages = 32;

    private const int ArenaBytes = 64 * 1024;

    private readonly byte[] _arena = new byte[ArenaBytes];
    private readonly int[] _starts = new int[MaxMessages];
    private readonly int[] _lengths = new int[MaxMessages];
    private readonly CachedItem?[] _items = new CachedItem?[MaxMessages];
    private readonly HubRouter _router;
    private Peer? _source;
    private int _count;
    private int _used;
    private int _touched;

    public SourceBatch(HubRouter router) => _router = router;

    /// <summary>
    /// Takes one message of <paramref name="source"/> (copied: the span is the transport's until its next read); handles
    /// the batch once it is full. False when the router wants the source's channel closed.
    /// </summary>
    public bool Add(Peer source, ReadOnlySpan<byte> message)
    {
        if (_source != source && _count > 0 && !Handle())
            return false;
        if (_count == MaxMessages || _used + message.Length > ArenaBytes)
        {
            if (!Handle())
                return false;
        }
        if (message.Length > ArenaBytes)
        {
            // A large image: nothing to overlap it with, handled as read.
            _router.OnMessage(source, message);
            return source.CloseRequest is null;
        }
        _source = source;
        message.CopyTo(_arena.AsSpan(_used));
        _starts[_count] = _used;
        _lengths[_count] = message.Length;
        _used += message.Length;
        _count++;
        return true;
    }

    /// <summary>Handles what is held, in order; false when the router wants the source's channel closed.</summary>
    public bool Handle()
    {
        Peer? source = _source;
        int count = _count;
        _count = 0;
        _used = 0;
        if (source is null || count == 0)
            return true;
        Warm(source, count);
        for (int i = 0; i < count && source.CloseRequest is null; i++)
            _router.OnMessage(source, _arena.AsSpan(_starts[i], _lengths[i]));
        Array.Clear(_items, 0, count);
        return source.CloseRequest is null;
    }

    // One pass per link of the chain, so the loads of a pass do not wait on each other.
    private void Warm(Peer source, int count)
    {
        StreamMap published = source.Published;
        for (int i = 0; i < count; i++)
        {
            ReadOnlySpan<byte> message = _arena.AsSpan(_starts[i], _lengths[i]);
            if (MsgPeek.Identity(message, out MsgClass msgClass, out _, out int streamId) == CodecReturnCode.Success
                && msgClass == MsgClass.Update && published.TryGetValue(streamId, out CachedItem? item))
                _items[i] = item;
        }
        int touched = 0;
        for (int link = 0; link < CachedItem.WarmLinks; link++)
        {
            for (int i = 0; i < count; i++)
                touched += _items[i]?.Warm(link) ?? 0;
        }
        _touched += touched; // kept, so the loads are not optimised away
    }
}
