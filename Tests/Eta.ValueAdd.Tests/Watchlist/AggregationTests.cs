using Eta.Codec;
using Eta.ValueAdd.Tests.Watchlist.Support;
using Xunit;
using static Eta.ValueAdd.Tests.Watchlist.Support.WatchlistMessages;

namespace Eta.ValueAdd.Tests.Watchlist;

/// <summary>Identical requests share one provider stream; what the provider sends once reaches every application stream.</summary>
public sealed class AggregationTests
{
    [Fact]
    public void TwoRequestsForOneItemMakeOneProviderStreamAndBothGetRefreshesAndUpdates()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));

        h.Submit(Request(10, "TRI.N"));
        SentMsg first = Assert.Single(h.Provider.Take());
        Assert.Equal((MsgClass.Request, 5, ServiceId, "TRI.N"), (first.Class, first.StreamId, first.ServiceId, first.Name));
        Assert.True(first.Streaming);
        Assert.Equal((1, 1), (first.PriorityClass, first.PriorityCount));
        Assert.Equal(RealTime, first.Qos);

        h.FromProvider(Refresh(5, "image-1"));
        Assert.Equal([(MsgClass.Refresh, 10, "image-1")], h.App.Take().Select(m => (m.Class, m.StreamId, m.Body)));

        // LSEG's watchlist answers a second request by asking again on the same stream (priority summed), and gives
        // the provider's solicited refresh only to the request that waits for one.
        h.Submit(Request(11, "TRI.N"));
        SentMsg second = Assert.Single(h.Provider.Take());
        Assert.Equal((MsgClass.Request, 5, 2), (second.Class, second.StreamId, second.PriorityCount));
        Assert.False(second.NoRefresh);

        h.FromProvider(Refresh(5, "image-2"));
        Assert.Equal([(MsgClass.Refresh, 11, "image-2")], h.App.Take().Select(m => (m.Class, m.StreamId, m.Body)));

        h.FromProvider(Update(5, "tick-1"));
        h.FromProvider(Refresh(5, "unsolicited", solicited: false));
        Assert.Equal(
            [(MsgClass.Update, 10, "tick-1"), (MsgClass.Update, 11, "tick-1"), (MsgClass.Refresh, 10, "unsolicited"), (MsgClass.Refresh, 11, "unsolicited")],
            h.App.Take().Select(m => (m.Class, m.StreamId, m.Body)));
        Assert.Equal(1, h.Watchlist.ProviderStreamCount);
        Assert.Equal(2, h.Watchlist.RequestCount);
    }

    [Fact]
    public void ByNameAndByIdAggregateOntoTheSameStream()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));
        h.Submit(Request(10, "TRI.N"));
        h.Submit(Request(11, "TRI.N", serviceId: ServiceId), serviceName: null);

        Assert.All(h.Provider.Take(), m => Assert.Equal(5, m.StreamId));
        Assert.Equal(1, h.Watchlist.ProviderStreamCount);
    }

    [Fact]
    public void DifferentItemsOrQosGetTheirOwnStreams()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: [RealTime, Delayed]));
        h.Submit(Request(10, "TRI.N"));
        h.Submit(Request(11, "IBM.N"));
        h.Submit(Request(12, "TRI.N", qos: Delayed));
        h.Submit(Request(13, "TRI.N", privateStream: true));

        Assert.Equal([5, 6, 7, 8], h.Provider.Take().Select(m => m.StreamId));
        Assert.Equal(4, h.Watchlist.ProviderStreamCount);
    }

    [Fact]
    public void UpdatesWaitForTheRequestsOwnRefresh()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));
        h.Submit(Request(10, "TRI.N"));
        h.FromProvider(Refresh(5));
        h.Submit(Request(11, "TRI.N"));
        h.App.Take();

        h.FromProvider(Update(5));
        Assert.Equal([10], h.App.Take().Select(m => m.StreamId));
    }

    [Fact]
    public void ClosingOneOfTwoLowersThePriorityAndClosingTheLastClosesTheProviderStream()
    {
        WatchlistHarness h = WatchlistHarness.WithTwoOpen();

        h.Submit(Close(10));
        SentMsg reissue = Assert.Single(h.Provider.Take());
        Assert.Equal((MsgClass.Request, 5, 1), (reissue.Class, reissue.StreamId, reissue.PriorityCount));
        Assert.True(reissue.NoRefresh);

        h.FromProvider(Update(5));
        Assert.Equal([11], h.App.Take().Select(m => m.StreamId));

        h.Submit(Close(11));
        SentMsg close = Assert.Single(h.Provider.Take());
        Assert.Equal((MsgClass.Close, 5), (close.Class, close.StreamId));
        Assert.Equal(0, h.Watchlist.ProviderStreamCount);
        Assert.False(h.FromProvider(Update(5)));
        Assert.Empty(h.App.Received);
    }

    [Fact]
    public void TheApplicationMayCloseAnotherStreamFromInsideTheFanOut()
    {
        WatchlistHarness h = WatchlistHarness.WithTwoOpen();
        h.App.OnEach = m =>
        {
            if (m.StreamId == 10 && m.Class == MsgClass.Update)
                h.Watchlist.Submit(Close(11));
        };

        h.FromProvider(Update(5));
        Assert.Equal([10], h.App.Take().Select(m => m.StreamId));
    }

    [Fact]
    public void MisuseIsRefusedWithAReason()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));
        Assert.Equal(Eta.ValueAdd.Watchlist.WatchlistReturnCode.InvalidUsage, h.Watchlist.Submit(Request(10, "TRI.N", serviceId: 1), "DIRECT_FEED"));
        Assert.Contains("both service name and service id", h.Watchlist.LastError);
        Assert.Equal(Eta.ValueAdd.Watchlist.WatchlistReturnCode.InvalidUsage, h.Watchlist.Submit(Request(10, "TRI.N"), null));
        Assert.Equal(Eta.ValueAdd.Watchlist.WatchlistReturnCode.InvalidUsage, h.Watchlist.Submit(Close(99)));
        Assert.Equal(Eta.ValueAdd.Watchlist.WatchlistReturnCode.InvalidUsage, h.Watchlist.Submit(Post(99, 1)));
        Assert.Empty(h.Provider.Sent);
    }
}
