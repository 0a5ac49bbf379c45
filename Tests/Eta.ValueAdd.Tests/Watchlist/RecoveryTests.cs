using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.ValueAdd.Tests.Watchlist.Support;
using Xunit;
using static Eta.ValueAdd.Tests.Watchlist.Support.WatchlistMessages;

namespace Eta.ValueAdd.Tests.Watchlist;

/// <summary>Items closed with Closed-Recover, or lost with their service or channel, come back under the same application stream ids.</summary>
public sealed class RecoveryTests
{
    [Fact]
    public void ClosedRecoverIsReRequestedAtOnceWhileTheApplicationSeesOpenSuspect()
    {
        WatchlistHarness h = WatchlistHarness.WithTwoOpen();

        h.FromProvider(Status(5, StreamStates.ClosedRecover, DataStates.Suspect, "A23: source restarting", StateCodes.NoResources));

        Assert.All(h.App.Take(), m => Assert.Equal((MsgClass.Status, StreamStates.Open, DataStates.Suspect, "A23: source restarting"),
            (m.Class, (int)m.StreamState, (int)m.DataState, m.Text)));
        SentMsg again = Assert.Single(h.Provider.Take());
        Assert.Equal((MsgClass.Request, 6, 2), (again.Class, again.StreamId, again.PriorityCount));
        Assert.False(h.FromProvider(Update(5))); // the old stream is gone

        h.FromProvider(Refresh(6, "recovered"));
        h.FromProvider(Update(6, "after"));
        Assert.Equal([(MsgClass.Refresh, 10), (MsgClass.Refresh, 11), (MsgClass.Update, 10), (MsgClass.Update, 11)],
            h.App.Take().Select(m => (m.Class, m.StreamId)));
    }

    [Fact]
    public void ClosedIsPassedOnAndEndsTheApplicationStreams()
    {
        WatchlistHarness h = WatchlistHarness.WithTwoOpen();
        h.FromProvider(Status(5, StreamStates.Closed, DataStates.Suspect, "not entitled", StateCodes.NotEntitled));

        Assert.Equal([(10, (byte)StreamStates.Closed), (11, (byte)StreamStates.Closed)], h.App.Take().Select(m => (m.StreamId, m.StreamState)));
        Assert.Empty(h.Provider.Sent);
        Assert.Equal(0, h.Watchlist.RequestCount);
    }

    [Fact]
    public void WithoutSingleOpenClosedRecoverEndsTheStream()
    {
        var h = new WatchlistHarness(new Eta.ValueAdd.Watchlist.WatchlistOptions { SingleOpen = false });
        h.Directory(UpService(qos: RealTime));
        h.Submit(Request(10, "TRI.N"));
        h.FromProvider(Refresh(5));
        h.Provider.Take();
        h.App.Take();

        h.FromProvider(Status(5, StreamStates.ClosedRecover, DataStates.Suspect, "gone"));
        Assert.Equal((byte)StreamStates.ClosedRecover, Assert.Single(h.App.Take()).StreamState);
        Assert.Empty(h.Provider.Sent);
        Assert.Equal(0, h.Watchlist.RequestCount);
    }

    [Fact]
    public void AfterTheChannelIsLostItemsWaitForTheDirectoryThenComeBackUnderTheSameIds()
    {
        WatchlistHarness h = WatchlistHarness.WithTwoOpen();

        h.Watchlist.OnChannelDown();
        Assert.All(h.App.Take(), m => Assert.Equal((StreamStates.Open, DataStates.Suspect, "channel down."), ((int)m.StreamState, (int)m.DataState, m.Text)));
        Assert.Empty(h.Provider.Sent); // nothing to send on a lost channel
        Assert.Equal(2, h.Watchlist.RequestCount);

        h.Watchlist.Dispatch();
        Assert.Empty(h.Provider.Sent);

        h.Directory(UpService(qos: RealTime)); // the next connection's directory refresh
        SentMsg again = Assert.Single(h.Provider.Take());
        Assert.Equal(("TRI.N", 2), (again.Name, again.PriorityCount));
        h.FromProvider(Refresh(again.StreamId));
        Assert.Equal([10, 11], h.App.Take().Select(m => m.StreamId));
    }

    [Fact]
    public void ADeletedServiceRecoversItsItemsWhenItIsAddedAgain()
    {
        WatchlistHarness h = WatchlistHarness.WithTwoOpen();
        h.Directory(Deleted(ServiceId));
        Assert.All(h.App.Take(), m => Assert.Equal("Service for this item was lost.", m.Text));
        Assert.Empty(h.Provider.Sent);

        h.Directory(UpService(qos: RealTime));
        Assert.Equal("TRI.N", Assert.Single(h.Provider.Take()).Name);
    }

    [Fact]
    public void AServiceStatusFromTheDirectoryReachesItsItems()
    {
        WatchlistHarness h = WatchlistHarness.WithTwoOpen();
        h.Directory(StateUpdate(ServiceId, up: true, new RdmState(StreamStates.ClosedRecover, DataStates.Suspect, 0, "failover")));

        Assert.All(h.App.Take(), m => Assert.Equal((StreamStates.Open, "failover"), ((int)m.StreamState, m.Text)));
        Assert.Equal(6, Assert.Single(h.Provider.Take()).StreamId);
    }

    [Fact]
    public void ARequestForAServiceThatIsDownIsToldSoAndSentWhenItComesUp()
    {
        var h = new WatchlistHarness();
        Eta.Codec.Rdm.Service down = UpService(qos: RealTime);
        down.State!.Value = ServiceStates.Down;
        h.Directory(down);

        h.Submit(Request(10, "TRI.N"));
        Assert.Empty(h.Provider.Sent);
        Assert.Empty(h.App.Received); // statuses from a submit are delivered by the next dispatch
        h.Watchlist.Dispatch();
        DeliveredMsg status = Assert.Single(h.App.Take());
        Assert.Equal((10, StreamStates.Open, DataStates.Suspect, "Service not up"), (status.StreamId, (int)status.StreamState, (int)status.DataState, status.Text));

        h.Directory(StateUpdate(ServiceId, up: true));
        Assert.Equal("TRI.N", Assert.Single(h.Provider.Take()).Name);
    }

    [Fact]
    public void ARequestForAnUnknownServiceWaitsForIt()
    {
        var h = new WatchlistHarness();
        h.Submit(Request(10, "TRI.N"));
        h.Watchlist.Dispatch();
        Assert.Equal("Service not available", Assert.Single(h.App.Take()).Text);

        h.Directory(UpService(qos: RealTime));
        Assert.Single(h.Provider.Take());
    }
}
