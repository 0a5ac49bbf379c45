using PerfTools.PerfHub.Routing;
using Eta.Codec;

namespace PerfTools.PerfHub.Cache;

/// <summary>
/// One item of the cache: its key, its image (<see cref="FieldRecord"/>), the state of its data, where it comes from
/// (an NI provider's stream, or the hub's single upstream stream) and the consumer streams it fans out to.
/// </summary>
internal sealed class CachedItem
{
    private const int InitialSubscribers = 4;

    private readonly FieldRecord _record;
    private readonly DeferredUpdates _deferred;

    public CachedItem(int serviceId, string name, byte[] nameBytes, byte nameType, byte domainType, FieldLayouts layouts, DeferredUpdates deferred)
    {
        _record = new FieldRecord(layouts);
        _deferred = deferred;
        ServiceId = serviceId;
        Name = name;
        NameBytes = nameBytes;
        NameType = nameType;
        DomainType = domainType;
    }

    public int ServiceId { get; }

    public string Name { get; }

    public byte[] NameBytes { get; }

    public byte NameType { get; }

    public byte DomainType { get; }

    /// <summary>
    /// The field list image with every update applied: an update still kept unmerged (<see cref="DeferredUpdates"/>)
    /// is merged first. Everything that reads or changes the image goes through here.
    /// </summary>
    public FieldRecord Record
    {
        get
        {
            if (DeferredSlot >= 0)
                _deferred.Merge(this);
            return _record;
        }
    }

    /// <summary>The image without the kept update: for <see cref="DeferredUpdates"/> only, which merges it.</summary>
    public FieldRecord ImageAsIs => _record;

    /// <summary>The ring slot of this item's update kept unmerged, or -1 (see <see cref="DeferredUpdates"/>).</summary>
    public int DeferredSlot { get; set; } = -1;

    /// <summary>The fields of the kept update (null when none is kept).</summary>
    public UpdateShape? DeferredShape { get; set; }

    /// <summary>The image when the item's payload is not a field list (null until such a refresh comes).</summary>
    public PayloadRecord? Payload { get; private set; }

    /// <summary>The last refresh had another container type than a field list: the image is <see cref="Payload"/>, not <see cref="Record"/>.</summary>
    public bool PayloadIsImage { get; private set; }

    /// <summary>Keeps a refresh payload that is not a field list as the image.</summary>
    public void SetPayloadImage(int containerType, ReadOnlySpan<byte> payload)
    {
        Payload ??= new PayloadRecord();
        Payload.Set(containerType, payload);
        PayloadIsImage = true;
    }

    /// <summary>A field list (or empty) refresh came: the image is the field record again.</summary>
    public void UseFieldListImage() => PayloadIsImage = false;

    /// <summary>A complete image with good data is held.</summary>
    public bool HasImage { get; set; }

    /// <summary>A multi-part refresh has begun and not completed: later parts add to the image.</summary>
    public bool RefreshInProgress { get; set; }

    /// <summary>The source is gone: the image is stale (Suspect) until it publishes again.</summary>
    public bool IsStale { get; set; }

    /// <summary>
    /// The channel that last refreshed the item (an NI provider, or the upstream connection) while it is connected;
    /// null when it is gone or there was none.
    /// </summary>
    public Peer? Source { get; private set; }

    /// <summary>The stream id of <see cref="Source"/> for the item (an NI provider's, or the hub's upstream stream).</summary>
    public int SourceStreamId { get; private set; }

    /// <summary>
    /// Channels publishing the item: one upstream stream, or every NI provider that has refreshed it (common items of
    /// NIProvPerf's threads), whose updates all go into this one cache of record.
    /// </summary>
    public int SourceCount { get; private set; }

    /// <summary>Another channel publishes the item on <paramref name="streamId"/> (its refresh or the hub's request).</summary>
    public void AddSource(Peer source, int streamId)
    {
        SourceCount++;
        Source = source;
        SourceStreamId = streamId;
    }

    /// <summary>A channel no longer publishes the item; true when it was the last one.</summary>
    public bool RemoveSource(Peer source)
    {
        SourceCount--;
        if (Source == source)
            Source = null;
        return SourceCount == 0;
    }

    // Consumer streams on the item, in the order they opened: the first in the item itself, so that an update of an
    // item one consumer watches reaches its stream in one step from the item (not through a list and its array).
    private Subscription? _first;
    private List<Subscription>? _more;

    /// <summary>Consumer streams on the item.</summary>
    public int SubscriberCount { get; private set; }

    /// <summary>Consumer stream <paramref name="index"/> (0 ≤ index &lt; <see cref="SubscriberCount"/>), in the order they opened.</summary>
    public Subscription Subscriber(int index) => index == 0 ? _first! : _more![index - 1];

    public void AddSubscriber(Subscription subscription)
    {
        if (SubscriberCount == 0)
            _first = subscription;
        else
            (_more ??= new List<Subscription>(InitialSubscribers)).Add(subscription);
        SubscriberCount++;
    }

    /// <summary>Removes a consumer stream; the others keep their order.</summary>
    public void RemoveSubscriber(Subscription subscription)
    {
        if (SubscriberCount == 0)
            return;
        if (_first == subscription)
        {
            _first = _more is { Count: > 0 } ? _more[0] : null;
            if (_first is not null)
                _more!.RemoveAt(0);
        }
        else if (_more is null || !_more.Remove(subscription))
        {
            return;
        }
        SubscriberCount--;
    }

    public long UpdatesApplied { get; set; }

    /// <summary>Links of the chain an update follows from the item to its first subscriber (see <see cref="Warm"/>).</summary>
    public const int WarmLinks = 2;

    /// <summary>
    /// Loads one link of the memory an update of this item reaches, without changing anything (Run/SourceBatch loads
    /// each link for a whole batch before handling it): 0 the item, 1 its first subscription. Not the image: an update is kept to be merged later (<see cref="DeferredUpdates"/>), which
    /// loads it then. Returns a value read, to be kept.
    /// </summary>
    public int Warm(int link) => link switch
    {
        0 => SourceCount + DeferredSlot + SubscriberCount,
        _ => _first?.StreamId ?? 0,
    };

    /// <summary>The stream and data state a refresh from the cache carries.</summary>
    public (int StreamState, int DataState) State =>
        IsStale ? (StreamStates.Open, DataStates.Suspect) : (StreamStates.Open, DataStates.Ok);
}
