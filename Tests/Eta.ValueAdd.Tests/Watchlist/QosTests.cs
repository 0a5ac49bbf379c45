using Eta.Codec;
using Eta.ValueAdd.Tests.Watchlist.Support;
using Xunit;
using static Eta.ValueAdd.Tests.Watchlist.Support.WatchlistMessages;

namespace Eta.ValueAdd.Tests.Watchlist;

/// <summary>A request's QoS against the service's QoS list, as LSEG's watchlist matches them.</summary>
public sealed class QosTests
{
    [Fact]
    public void ARequestWithoutQosGetsTheServicesBest()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: [Delayed, Conflated]));
        h.Submit(Request(10, "TRI.N"));
        Assert.Equal(Conflated, Assert.Single(h.Provider.Take()).Qos); // realtime beats delayed before rate counts
    }

    [Fact]
    public void AServiceWithoutQosListOffersRealtimeTickByTick()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService());
        h.Submit(Request(10, "TRI.N"));
        h.Submit(Request(11, "IBM.N", qos: RealTime));
        Assert.All(h.Provider.Take(), m => Assert.Equal(RealTime, m.Qos));
    }

    [Fact]
    public void AQosTheServiceDoesNotOfferWaitsWithASuspectStatus()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: Delayed));
        h.Submit(Request(10, "TRI.N", qos: RealTime));
        Assert.Empty(h.Provider.Sent);
        h.Watchlist.Dispatch();
        DeliveredMsg status = Assert.Single(h.App.Take());
        Assert.Equal(("Service does not provide a matching QoS", (byte)StreamStates.Open), (status.Text, status.StreamState));

        h.Directory(UpService(qos: [Delayed, RealTime]));
        Assert.Equal(RealTime, Assert.Single(h.Provider.Take()).Qos);
    }

    [Fact]
    public void ARangeTakesTheBestOfferedQosWithinIt()
    {
        var h = new WatchlistHarness();
        var delayedLong = new Qos(QosTimeliness.Delayed, QosRates.TickByTick, timeInfo: 3000);
        h.Directory(UpService(qos: [delayedLong, Delayed]));
        h.Submit(Request(10, "TRI.N", qos: RealTime, worstQos: new Qos(QosTimeliness.Delayed, QosRates.TickByTick, timeInfo: 5000)));
        Assert.Equal(Delayed, Assert.Single(h.Provider.Take()).Qos);
    }
}
