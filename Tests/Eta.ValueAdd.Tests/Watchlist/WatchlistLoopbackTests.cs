using Eta.Codec;
using Eta.ValueAdd.Tests.Watchlist.Support;
using Eta.ValueAdd.Watchlist;
using Xunit;

namespace Eta.ValueAdd.Tests.Watchlist;

/// <summary>The watchlist inside the reactor's consumer role, against a provider reactor over a loopback socket.</summary>
public sealed class WatchlistLoopbackTests
{
    [Fact]
    public void TwoApplicationStreamsShareOneProviderStreamOverTheWire()
    {
        using var loop = new WatchlistLoopback();
        loop.RunUntil(() => loop.App.Events.Contains(ReactorChannelEventType.ChannelReady), "the channel to be ready");

        Assert.Equal(ReactorReturnCode.Success, loop.Channel.Submit(WatchlistLoopback.Request(100, "TRI.N"), "DIRECT_FEED"));
        loop.RunUntil(() => loop.App.Messages.Count == 1, "the first refresh");
        Assert.Equal(ReactorReturnCode.Success, loop.Channel.Submit(WatchlistLoopback.Request(101, "TRI.N"), "DIRECT_FEED"));
        loop.RunUntil(() => loop.App.Messages.Count == 2, "the second refresh");

        int providerStream = Assert.Single(loop.Provider.Received.Select(m => m.StreamId).Distinct());
        Assert.All(loop.Provider.Received, m => Assert.Equal(MsgClass.Request, m.Class));
        for (int i = 0; i < 10; i++)
            loop.Provider.SendUpdate(providerStream, "tick" + i);
        loop.RunUntil(() => loop.App.Messages.Count == 22, "twenty updates");

        Assert.Equal([(MsgClass.Refresh, 100), (MsgClass.Refresh, 101)], loop.App.Messages.Take(2).Select(m => (m.Class, m.StreamId)));
        Assert.Equal(10, loop.App.Messages.Count(m => m.Class == MsgClass.Update && m.StreamId == 100));
        Assert.Equal(10, loop.App.Messages.Count(m => m.Class == MsgClass.Update && m.StreamId == 101));
        Assert.All(loop.App.Messages, m => Assert.Equal(m.StreamId, m.BytesStreamId));
        Assert.Equal(2, loop.Channel.Watchlist()!.RequestCount);
    }

    [Fact]
    public void AfterTheProviderRestartsItemsComeBackUnderTheSameStreamIds()
    {
        using var loop = new WatchlistLoopback();
        loop.RunUntil(() => loop.App.Events.Contains(ReactorChannelEventType.ChannelReady), "the channel to be ready");
        loop.Channel.Submit(WatchlistLoopback.Request(100, "TRI.N"), "DIRECT_FEED");
        loop.Channel.Submit(WatchlistLoopback.Request(101, "IBM.N"), "DIRECT_FEED");
        loop.RunUntil(() => loop.App.Messages.Count == 2, "two refreshes");
        loop.App.Messages.Clear();

        loop.StopProvider();
        loop.RunUntil(() => loop.App.Messages.Count == 2, "the channel-down statuses");
        Assert.All(loop.App.Messages, m => Assert.Equal((MsgClass.Status, (byte)StreamStates.Open, "channel down."), (m.Class, m.StreamState, m.Text)));
        loop.App.Messages.Clear();
        loop.Provider.Received.Clear();

        loop.StartProvider();
        loop.RunUntil(() => loop.App.Messages.Count(m => m.Class == MsgClass.Refresh) == 2, "the recovered refreshes");
        Assert.Equal([100, 101], loop.App.Messages.Where(m => m.Class == MsgClass.Refresh).Select(m => m.StreamId).Order());
        Assert.Equal(2, loop.Provider.Received.Count(m => m.Class == MsgClass.Request));
    }

    [Fact]
    public void AClosedRecoverStatusIsRecoveredOnANewProviderStream()
    {
        using var loop = new WatchlistLoopback();
        loop.RunUntil(() => loop.App.Events.Contains(ReactorChannelEventType.ChannelReady), "the channel to be ready");
        loop.Channel.Submit(WatchlistLoopback.Request(100, "TRI.N"), "DIRECT_FEED");
        loop.RunUntil(() => loop.App.Messages.Count == 1, "the refresh");
        int first = loop.Provider.Received[0].StreamId;

        loop.Provider.SendStatus(first, StreamStates.ClosedRecover, "restarting");
        loop.RunUntil(() => loop.App.Messages.Count == 3, "the suspect status and the new refresh");

        Assert.Equal([(MsgClass.Status, (byte)StreamStates.Open, "restarting"), (MsgClass.Refresh, (byte)StreamStates.Open, "")],
            loop.App.Messages.Skip(1).Select(m => (m.Class, m.StreamState, m.Text)));
        Assert.All(loop.App.Messages, m => Assert.Equal(100, m.StreamId));
        Assert.NotEqual(first, loop.Provider.Received[^1].StreamId);
    }

    [Fact]
    public void APostIsAckedOnThePostingStream()
    {
        using var loop = new WatchlistLoopback();
        loop.RunUntil(() => loop.App.Events.Contains(ReactorChannelEventType.ChannelReady), "the channel to be ready");
        loop.Channel.Submit(WatchlistLoopback.Request(100, "TRI.N"), "DIRECT_FEED");
        loop.Channel.Submit(WatchlistLoopback.Request(101, "TRI.N"), "DIRECT_FEED");
        loop.RunUntil(() => loop.App.Messages.Count == 2, "two refreshes");

        Msg post = Msg.Create(MsgClass.Post, Eta.Codec.Rdm.DomainTypes.MarketPrice, 101);
        post.PostFlags = PostMsgFlags.HasPostId | PostMsgFlags.PostComplete | PostMsgFlags.Ack;
        post.PostId = 77;
        Assert.Equal(ReactorReturnCode.Success, loop.Channel.Submit(post));
        loop.RunUntil(() => loop.App.Messages.Count == 3, "the ack");

        AppMsg ack = loop.App.Messages[2];
        Assert.Equal((MsgClass.Ack, 101, 101, 77u), (ack.Class, ack.StreamId, ack.BytesStreamId, ack.AckId));

        // The same post encoded by the application into a channel buffer: the watchlist patches the stream id and
        // writes that buffer as it is.
        Assert.Equal(ReactorReturnCode.Success, loop.Channel.GetBuffer(256, packed: false, out Eta.Transport.TransportBuffer? buffer));
        var encoder = new RwfEncoder(buffer!.Data);
        post.PostId = 78;
        Assert.Equal(CodecReturnCode.Success, MsgEncoder.Encode(ref encoder, post));
        buffer.Length = encoder.Position;
        Assert.Equal(ReactorReturnCode.Success, loop.Channel.Submit(buffer));
        loop.RunUntil(() => loop.App.Messages.Count == 4, "the second ack");
        Assert.Equal((MsgClass.Ack, 101, 78u), (loop.App.Messages[3].Class, loop.App.Messages[3].StreamId, loop.App.Messages[3].AckId));

        int providerStream = loop.Provider.Received[0].StreamId;
        Assert.All(loop.Provider.Received.Where(m => m.Class == MsgClass.Post), m => Assert.Equal(providerStream, m.StreamId));
        Assert.Equal(0, loop.Channel.Watchlist()!.OutstandingPosts);
    }

    [Fact]
    public void ARequestForAnUnknownServiceIsToldSoByTheReactorsDispatch()
    {
        using var loop = new WatchlistLoopback();
        loop.RunUntil(() => loop.App.Events.Contains(ReactorChannelEventType.ChannelReady), "the channel to be ready");
        Assert.Equal(ReactorReturnCode.Success, loop.Channel.Submit(WatchlistLoopback.Request(100, "TRI.N"), "NO_SUCH_FEED"));

        loop.RunUntil(() => loop.App.Messages.Count == 1, "the status");
        AppMsg status = loop.App.Messages[0];
        Assert.Equal((MsgClass.Status, 100, 100, (byte)StreamStates.Open, "Service not available"),
            (status.Class, status.StreamId, status.BytesStreamId, status.StreamState, status.Text));
        Assert.Empty(loop.Provider.Received);
    }

    [Fact]
    public void ClosingTheChannelDropsTheItemsWithoutCallbacks()
    {
        using var loop = new WatchlistLoopback();
        loop.RunUntil(() => loop.App.Events.Contains(ReactorChannelEventType.ChannelReady), "the channel to be ready");
        loop.Channel.Submit(WatchlistLoopback.Request(100, "TRI.N"), "DIRECT_FEED");
        loop.Channel.Submit(WatchlistLoopback.Request(101, "IBM.N"), "DIRECT_FEED");
        loop.RunUntil(() => loop.App.Messages.Count == 2, "two refreshes");
        ConsumerWatchlist watchlist = loop.Channel.Watchlist()!;

        loop.Channel.Close();

        Assert.Equal(2, loop.App.Messages.Count);
        Assert.Equal((0, 0), (watchlist.RequestCount, watchlist.ProviderStreamCount));
    }
}
