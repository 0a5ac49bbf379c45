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

    public CachedItem(int serviceId, string name, byte[] nameBytes, byte nameType, byte domainType)
    {
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

    public FieldRecord Record { get; } = new();

    /// <summary>A complete image with good data is held.</summary>
    public bool HasImage { get; set; }

    /// <summary>A multi-part refresh has begun and not completed: later parts add to the image.</summary>
    public bool RefreshInProgress { get; set; }

    /// <summary>The source is gone: the image is stale (Suspect) until it publishes again.</summary>
    public bool IsStale { get; set; }

    /// <summary>The channel publishing the item (an NI provider, or the upstream connection), null when none.</summary>
    public Peer? Source { get; set; }

    /// <summary>The source's stream id for the item (an NI provider's, or the hub's upstream stream).</summary>
    public int SourceStreamId { get; set; }

    /// <summary>Consumer streams on the item, in the order they opened; preallocated, reused.</summary>
    public List<Subscription> Subscribers { get; } = new(InitialSubscribers);

    public long UpdatesApplied { get; set; }

    /// <summary>The stream and data state a refresh from the cache carries.</summary>
    public (int StreamState, int DataState) State =>
        IsStale ? (StreamStates.Open, DataStates.Suspect) : (StreamStates.Open, DataStates.Ok);
}
