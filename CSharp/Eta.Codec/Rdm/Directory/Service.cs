namespace Eta.Codec.Rdm;

/// <summary>
/// One service of a source directory: a map entry keyed by service id whose value is a filter list with one
/// element list per filter (<see cref="ServiceFilterIds"/>). Filters this library does not model (Group, Data,
/// Link) are skipped when decoding.
/// </summary>
public sealed class Service
{
    public int ServiceId { get; set; }

    /// <summary>How the consumer applies this entry (Add for a refresh, Update for changes, Delete to remove).</summary>
    public MapEntryActions Action { get; set; } = MapEntryActions.Add;

    /// <summary>Null when the Info filter is absent.</summary>
    public ServiceInfo? Info { get; set; }

    /// <summary>Null when the State filter is absent.</summary>
    public ServiceState? State { get; set; }

    /// <summary>Null when the Load filter is absent.</summary>
    public ServiceLoad? Load { get; set; }
}
