using Eta.Codec;
using Eta.Codec.Rdm;

namespace PerfTools.Common.Omm;

/// <summary>
/// The one service a performance provider publishes (guide Table 3 defaults: "DIRECT_FEED", id 1): MarketPrice
/// and Dictionary capabilities, the RWFFld/RWFEnum dictionaries, realtime tick-by-tick QoS, up and accepting
/// requests, with its open limit as load.
/// </summary>
public static class ProvidedService
{
    public const string DefaultName = "DIRECT_FEED";
    public const int DefaultId = 1;

    /// <summary>The QoS of the service and of every item refresh.</summary>
    public static Qos RealtimeTickByTick => new(QosTimeliness.Realtime, QosRates.TickByTick);

    /// <summary>A directory entry for the service, every filter filled.</summary>
    public static Service Create(string name, int serviceId, long openLimit)
    {
        var info = new ServiceInfo { ServiceName = name, Vendor = "ETA.NET PerfTools", IsSource = 1 };
        info.Capabilities.Add(DomainTypes.Dictionary);
        info.Capabilities.Add(DomainTypes.MarketPrice);
        info.DictionariesProvided.Add(DictionaryNames.Field);
        info.DictionariesProvided.Add(DictionaryNames.EnumType);
        info.DictionariesUsed.Add(DictionaryNames.Field);
        info.DictionariesUsed.Add(DictionaryNames.EnumType);
        info.QosList.Add(RealtimeTickByTick);
        return new Service
        {
            ServiceId = serviceId,
            Info = info,
            State = new ServiceState { Value = ServiceStates.Up, AcceptingRequests = 1 },
            Load = new ServiceLoad { OpenLimit = (ulong)openLimit },
        };
    }
}
