using Eta.Codec;
using Eta.ValueAdd.Tests.Watchlist.Support;
using Xunit;
using static Eta.ValueAdd.Tests.Watchlist.Support.WatchlistMessages;

namespace Eta.ValueAdd.Tests.Watchlist;

/// <summary>Snapshot (non-streaming) and streaming requests on the same item, side by side.</summary>
public sealed class SnapshotTests
{
    [Fact]
    public void ASnapshotOnAnOpenStreamGetsItsOwnNonStreamingRefreshAndNoUpdates()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));
        h.Submit(Request(10, "TRI.N"));
        h.FromProvider(Refresh(5, "image-1"));
        h.Provider.Take();
        h.App.Take();

        h.Submit(Request(20, "TRI.N", streaming: false));
        SentMsg again = Assert.Single(h.Provider.Take());
        Assert.Equal(5, again.StreamId);
        Assert.True(again.Streaming); // the provider stream stays streaming for request 10

        h.FromProvider(Refresh(5, "image-2"));
        DeliveredMsg snapshot = Assert.Single(h.App.Take());
        Assert.Equal((20, StreamStates.NonStreaming, "image-2"), (snapshot.StreamId, (int)snapshot.StreamState, snapshot.Body));
        Assert.Equal(1, h.Watchlist.RequestCount); // the snapshot's stream ended with its refresh

        h.FromProvider(Update(5));
        Assert.Equal([10], h.App.Take().Select(m => m.StreamId));
        Assert.Empty(h.Provider.Sent); // request 10 still needs the provider stream: no close
    }

    [Fact]
    public void AStreamingRequestWaitsForAPendingSnapshotThenJoinsTheSameStream()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));
        h.Submit(Request(20, "TRI.N", streaming: false));
        SentMsg snapshotRequest = Assert.Single(h.Provider.Take());
        Assert.False(snapshotRequest.Streaming);

        h.Submit(Request(10, "TRI.N"));
        Assert.Empty(h.Provider.Sent); // waits: the stream's snapshot refresh is on its way

        h.FromProvider(Refresh(5, "snap", streamState: StreamStates.NonStreaming));
        Assert.Equal([(20, (byte)StreamStates.NonStreaming)], h.App.Take().Select(m => (m.StreamId, m.StreamState)));
        SentMsg streaming = Assert.Single(h.Provider.Take());
        Assert.Equal((MsgClass.Request, 5, true), (streaming.Class, streaming.StreamId, streaming.Streaming));

        h.FromProvider(Refresh(5, "image"));
        h.FromProvider(Update(5));
        Assert.Equal([(MsgClass.Refresh, 10), (MsgClass.Update, 10)], h.App.Take().Select(m => (m.Class, m.StreamId)));
    }

    [Fact]
    public void TwoSnapshotsShareOneRefreshAndTheStreamIsGoneAfterIt()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));
        h.Submit(Request(20, "TRI.N", streaming: false));
        h.Submit(Request(21, "TRI.N", streaming: false));
        Assert.Single(h.Provider.Take());

        h.FromProvider(Refresh(5, "snap", streamState: StreamStates.NonStreaming));
        Assert.Equal([20, 21], h.App.Take().Select(m => m.StreamId));
        Assert.Equal(0, h.Watchlist.RequestCount);
        Assert.Equal(0, h.Watchlist.ProviderStreamCount);
        Assert.Empty(h.Provider.Sent); // the provider ended the stream itself: nothing to close
    }

    [Fact]
    public void AMultiPartRefreshKeepsANewRequestWaitingUntilItCompletes()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));
        h.Submit(Request(10, "TRI.N"));
        h.Provider.Take();
        h.FromProvider(Refresh(5, "part-1", complete: false));
        h.FromProvider(Update(5, "between"));

        h.Submit(Request(11, "TRI.N"));
        Assert.Empty(h.Provider.Sent);

        h.FromProvider(Refresh(5, "part-2"));
        Assert.Equal([(MsgClass.Refresh, 10, "part-1"), (MsgClass.Update, 10, "between"), (MsgClass.Refresh, 10, "part-2")],
            h.App.Take().Select(m => (m.Class, m.StreamId, m.Body)));
        Assert.Equal(5, Assert.Single(h.Provider.Take()).StreamId);

        h.FromProvider(Refresh(5, "for-11"));
        Assert.Equal([(11, "for-11")], h.App.Take().Select(m => (m.StreamId, m.Body)));
    }
}
