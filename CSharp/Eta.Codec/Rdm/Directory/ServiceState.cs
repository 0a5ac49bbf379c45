namespace Eta.Codec.Rdm;

/// <summary>
/// The State filter of a directory service: whether it is up and accepting requests.
/// <code>
/// ELEMENT_LIST: ServiceState UINT, [AcceptingRequests UINT], [Status STATE]
/// </code>
/// </summary>
public sealed class ServiceState
{
    /// <summary>See <see cref="ServiceStates"/>.</summary>
    public ulong State { get; set; } = ServiceStates.Up;
    public ulong? AcceptingRequests { get; set; }
    public RdmState? Status { get; set; }

    public void Clear()
    {
        State = ServiceStates.Up;
        AcceptingRequests = null;
        Status = null;
    }
}
