using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.ValueAdd.Tests.Watchlist.Support;
using Eta.ValueAdd.Watchlist;
using Xunit;
using static Eta.ValueAdd.Tests.Watchlist.Support.WatchlistMessages;

namespace Eta.ValueAdd.Tests.Watchlist;

/// <summary>
/// The short way for updates (<see cref="UpdateRoutes"/>): a provider stream has a route exactly while one request
/// rides it with its refresh (or part of it), and an update on a routed stream reaches that request, and only it.
/// </summary>
public sealed class UpdateRouteTests
{
    [Fact]
    public void TheRouteFollowsTheRequestsOnTheStreamThroughRefreshJoinAndClose()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));
        h.Submit(Request(10, "TRI.N"));
        Assert.Equal(0, h.Watchlist.DirectUpdateRoute(5)); // waiting for its refresh: updates are not for it yet

        h.FromProvider(Refresh(5));
        Assert.Equal(10, h.Watchlist.DirectUpdateRoute(5));
        h.App.Take();
        Assert.True(h.FromProvider(Update(5, "one")));
        DeliveredMsg only = Assert.Single(h.App.Take());
        Assert.Equal((MsgClass.Update, 10, "one"), (only.Class, only.StreamId, only.Body));

        h.Submit(Request(11, "TRI.N"));   // a second request: the stream fans out again
        Assert.Equal(0, h.Watchlist.DirectUpdateRoute(5));
        h.FromProvider(Update(5, "two")); // 11 has no refresh yet
        Assert.Equal([(10, "two")], h.App.Take().Select(m => (m.StreamId, m.Body)));
        h.FromProvider(Refresh(5));
        h.App.Take();
        h.FromProvider(Update(5, "three"));
        Assert.Equal([(10, "three"), (11, "three")], h.App.Take().Select(m => (m.StreamId, m.Body)));

        h.Submit(Close(10));              // one left: the short way again, to the one that is left
        Assert.Equal(11, h.Watchlist.DirectUpdateRoute(5));
        h.FromProvider(Update(5, "four"));
        Assert.Equal([(11, "four")], h.App.Take().Select(m => (m.StreamId, m.Body)));

        h.Submit(Close(11));              // none left: the stream is closed and a late update goes nowhere
        Assert.Equal(0, h.Watchlist.DirectUpdateRoute(5));
        Assert.False(h.FromProvider(Update(5, "late")));
        Assert.Empty(h.App.Received);
    }

    [Fact]
    public void AStreamLostOrClosedByTheProviderLosesItsRouteAndTheRecoveredOneGetsItsOwn()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));
        h.Submit(Request(10, "TRI.N"));
        h.FromProvider(Refresh(5));
        h.FromProvider(Status(5, StreamStates.ClosedRecover, DataStates.Suspect, "restarting"));
        h.App.Take();

        Assert.Equal(0, h.Watchlist.DirectUpdateRoute(5));
        Assert.False(h.FromProvider(Update(5, "old stream")));
        Assert.Equal(0, h.Watchlist.DirectUpdateRoute(6)); // re-requested on 6, no refresh yet
        h.FromProvider(Refresh(6));
        Assert.Equal(10, h.Watchlist.DirectUpdateRoute(6));

        h.Watchlist.OnChannelDown();
        Assert.Equal(0, h.Watchlist.DirectUpdateRoute(6));
        h.App.Take();
        Assert.False(h.FromProvider(Update(6, "after the loss")));
        Assert.Empty(h.App.Received);
    }

    [Fact]
    public void ASnapshotHasNoRouteAndAMultiPartRefreshHasOneFromItsFirstPart()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));
        h.Submit(Request(10, "TRI.N", streaming: false));
        h.FromProvider(Refresh(5));
        Assert.Equal(0, h.Watchlist.DirectUpdateRoute(5)); // the snapshot's stream ended with its refresh
        Assert.Equal(0, h.Watchlist.RequestCount);

        h.Submit(Request(11, "IBM.N"));
        h.FromProvider(Refresh(6, "part 1", complete: false));
        Assert.Equal(11, h.Watchlist.DirectUpdateRoute(6)); // updates between parts are delivered, as on the full path
        h.App.Take();
        h.FromProvider(Update(6, "between"));
        Assert.Equal([(11, "between")], h.App.Take().Select(m => (m.StreamId, m.Body)));
    }

    [Fact]
    public void AClosedWatchlistRoutesNothing()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));
        h.Submit(Request(10, "TRI.N"));
        h.FromProvider(Refresh(5));
        h.Watchlist.Close();
        Assert.Equal(0, h.Watchlist.DirectUpdateRoute(5));
        h.App.Take();
        Assert.False(h.FromProvider(Update(5)));
        Assert.Empty(h.App.Received);
    }

    [Fact]
    public void TheTableGrowsForLaterIdsAndHasNoRoutePastItsLimitOrBelowTheFirstId()
    {
        var routes = new UpdateRoutes(firstStreamId: 5, capacityHint: 0);
        routes.Set(5, 10);
        routes.Set(5 + 1000, 11);
        routes.Set(5 + UpdateRoutes.MaxSlots, 12);
        routes.Set(4, 13);

        Assert.Equal(10, routes.Find(5));
        Assert.Equal(11, routes.Find(5 + 1000));
        Assert.Equal(0, routes.Find(5 + UpdateRoutes.MaxSlots));
        Assert.Equal(0, routes.Find(4));
        Assert.Equal(0, routes.Find(int.MinValue));
        routes.Set(5 + 1000, 0);
        Assert.Equal(0, routes.Find(5 + 1000));
    }
}
