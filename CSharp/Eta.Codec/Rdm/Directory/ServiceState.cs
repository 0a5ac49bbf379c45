namespace Eta.Codec.Rdm;

/// <summary>
/// The State filter of a directory service: whether it is up and accepting requests.
/// <code>
/// ElementList: ServiceState UInt, [AcceptingRequests UInt], [Status State]
/// </code>
/// </summary>
public sealed class ServiceState
{
    /// <summary>The "ServiceState" element: <see cref="ServiceStates.Up"/> or <see cref="ServiceStates.Down"/>.</summary>
    public ulong Value { get; set; } = ServiceStates.Up;

    public bool IsUp => Value == ServiceStates.Up;
    public ulong? AcceptingRequests { get; set; }
    public RdmState? Status { get; set; }

    public void Clear()
    {
        Value = ServiceStates.Up;
        AcceptingRequests = null;
        Status = null;
    }
}
