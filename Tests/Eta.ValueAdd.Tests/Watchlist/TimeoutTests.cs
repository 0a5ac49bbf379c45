using Eta.Codec;
using Eta.ValueAdd.Tests.Watchlist.Support;
using Eta.ValueAdd.Watchlist;
using Xunit;
using static Eta.ValueAdd.Tests.Watchlist.Support.WatchlistMessages;

namespace Eta.ValueAdd.Tests.Watchlist;

/// <summary>Requests with no answer in time, and requests that found no output buffer.</summary>
public sealed class TimeoutTests
{
    [Fact]
    public void ARequestWithoutRefreshInTimeIsClosedReportedAndSentAgainOnANewStream()
    {
        var h = new WatchlistHarness(new WatchlistOptions { RequestTimeout = TimeSpan.FromSeconds(15) });
        h.Directory(UpService(qos: RealTime));
        h.Submit(Request(10, "TRI.N"));
        h.Submit(Request(11, "TRI.N"));
        h.Provider.Take();

        h.Advance(TimeSpan.FromSeconds(14));
        h.Watchlist.Dispatch();
        Assert.Empty(h.Provider.Sent);
        Assert.Empty(h.App.Received);

        h.Advance(TimeSpan.FromSeconds(2));
        h.Watchlist.Dispatch();
        Assert.Equal([(MsgClass.Close, 5), (MsgClass.Request, 6)], h.Provider.Take().Select(m => (m.Class, m.StreamId)));
        Assert.All(h.App.Take(), m => Assert.Equal((MsgClass.Status, StreamStates.Open, DataStates.Suspect, "Request timeout"),
            (m.Class, (int)m.StreamState, (int)m.DataState, m.Text)));

        Assert.False(h.FromProvider(Refresh(5, "late"))); // the old stream's answer is not delivered
        h.FromProvider(Refresh(6, "image"));
        Assert.Equal([10, 11], h.App.Take().Select(m => m.StreamId));

        h.Advance(TimeSpan.FromSeconds(60));
        h.Watchlist.Dispatch();
        Assert.Empty(h.Provider.Sent); // answered: its timer is void
    }

    [Fact]
    public void AnOpenStatusAlsoAnswersTheRequest()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));
        h.Submit(Request(10, "TRI.N"));
        h.Provider.Take();
        h.FromProvider(Status(5, StreamStates.Open, DataStates.Suspect, "waiting for source"));
        h.Advance(TimeSpan.FromSeconds(30));
        h.Watchlist.Dispatch();
        Assert.Empty(h.Provider.Sent);
    }

    [Fact]
    public void ZeroDisablesTheRequestTimer()
    {
        var h = new WatchlistHarness(new WatchlistOptions { RequestTimeout = TimeSpan.Zero });
        h.Directory(UpService(qos: RealTime));
        h.Submit(Request(10, "TRI.N"));
        h.Provider.Take();
        h.Advance(TimeSpan.FromHours(1));
        h.Watchlist.Dispatch();
        Assert.Empty(h.Provider.Sent);
        Assert.Empty(h.App.Received);
    }

    [Fact]
    public void ARequestThatFoundNoBufferIsSentByTheNextDispatch()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));
        h.Provider.Result = WatchlistSendResult.NoBuffers;
        h.Submit(Request(10, "TRI.N"));
        h.Submit(Request(11, "TRI.N"));
        h.Watchlist.Dispatch();
        Assert.Empty(h.Provider.Sent);

        h.Provider.Result = WatchlistSendResult.Sent;
        h.Watchlist.Dispatch();
        SentMsg sent = Assert.Single(h.Provider.Take());
        Assert.Equal((5, 2), (sent.StreamId, sent.PriorityCount));
        h.FromProvider(Refresh(5));
        Assert.Equal([10, 11], h.App.Take().Select(m => m.StreamId));
    }
}
