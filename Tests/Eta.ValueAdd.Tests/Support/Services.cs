using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd.Tests.Support;

internal static class Services
{
    public const int DirectFeedId = 1;

    /// <summary>DIRECT_FEED, up, MarketPrice, providing and using RWFFld and RWFEnum.</summary>
    public static Service DirectFeed()
    {
        var info = new ServiceInfo { ServiceName = "DIRECT_FEED", IsSource = 1 };
        info.Capabilities.Add(DomainTypes.Dictionary);
        info.Capabilities.Add(DomainTypes.MarketPrice);
        info.DictionariesProvided.Add(DictionaryNames.Field);
        info.DictionariesProvided.Add(DictionaryNames.EnumType);
        info.DictionariesUsed.Add(DictionaryNames.Field);
        info.DictionariesUsed.Add(DictionaryNames.EnumType);
        info.QosList.Add(new Qos(QosTimeliness.Realtime, QosRates.TickByTick));
        return new Service
        {
            ServiceId = DirectFeedId,
            Info = info,
            State = new ServiceState { Value = ServiceStates.Up, AcceptingRequests = 1 },
        };
    }
}
