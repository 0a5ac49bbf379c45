using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd.Watchlist;

/// <summary>What the watchlist knows of one service from the source directory, and the item streams open on it.</summary>
internal sealed class WatchlistService
{
    public WatchlistService(int serviceId) => ServiceId = serviceId;

    public int ServiceId { get; }

    public string Name { get; private set; } = "";

    public bool HasInfo { get; private set; }

    public List<ulong> Capabilities { get; } = [];

    public List<Qos> QosList { get; } = [];

    public bool HasState { get; private set; }

    public bool IsUp { get; private set; }

    public bool AcceptingRequests { get; private set; } = true;

    /// <summary>Provider streams open on this service (their requests are recovered when it goes).</summary>
    public List<ProviderStream> Streams { get; } = [];

    /// <summary>LSEG's rule: a request may go out when the service's state is Up and it does not refuse requests.</summary>
    public bool CanTakeRequests => HasState && IsUp && AcceptingRequests;

    public bool Supports(byte domainType)
    {
        for (int i = 0; i < Capabilities.Count; i++)
        {
            if (Capabilities[i] == domainType)
                return true;
        }
        return false;
    }

    /// <summary>Takes in the filters <paramref name="service"/> carries; the others keep what an earlier message said.</summary>
    public void Merge(Service service)
    {
        if (service.Info is { } info)
        {
            HasInfo = true;
            Name = info.ServiceName;
            Capabilities.Clear();
            Capabilities.AddRange(info.Capabilities);
            QosList.Clear();
            QosList.AddRange(info.QosList);
        }
        if (service.State is { } state)
        {
            HasState = true;
            IsUp = state.IsUp;
            AcceptingRequests = state.AcceptingRequests is null or 1;
        }
    }
}
