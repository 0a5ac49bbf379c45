using Eta.Codec;
using Eta.ValueAdd.Tests.Watchlist.Support;
using Eta.ValueAdd.Watchlist;
using Xunit;
using static Eta.ValueAdd.Tests.Watchlist.Support.WatchlistMessages;

namespace Eta.ValueAdd.Tests.Watchlist;

/// <summary>Posts go out on the provider stream; their ack or nak comes back to the application stream that posted.</summary>
public sealed class PostTests
{
    [Fact]
    public void TheAckGoesToThePostingStreamOnly()
    {
        WatchlistHarness h = WatchlistHarness.WithTwoOpen();
        h.Submit(Post(11, postId: 7));
        SentMsg post = Assert.Single(h.Provider.Take());
        Assert.Equal((MsgClass.Post, 5, 7u), (post.Class, post.StreamId, post.PostId));
        Assert.Equal(1, h.Watchlist.OutstandingPosts);

        h.FromProvider(Ack(5, 7));
        DeliveredMsg ack = Assert.Single(h.App.Take());
        Assert.Equal((MsgClass.Ack, 11, 7u, NakCode.None), (ack.Class, ack.StreamId, ack.AckId, ack.NakCode));
        Assert.Equal(0, h.Watchlist.OutstandingPosts);

        h.FromProvider(Ack(5, 7)); // a duplicate ack has no post left to answer
        Assert.Empty(h.App.Received);
    }

    [Fact]
    public void APostWithoutAckInTimeGetsANoResponseNak()
    {
        WatchlistHarness h = WatchlistHarness.WithTwoOpen(new WatchlistOptions { PostAckTimeout = TimeSpan.FromSeconds(15) });
        h.Submit(Post(10, postId: 3, seqNum: 42));
        h.Advance(TimeSpan.FromSeconds(10));
        h.Watchlist.Dispatch();
        Assert.Empty(h.App.Received);

        h.Advance(TimeSpan.FromSeconds(6));
        h.Watchlist.Dispatch();
        DeliveredMsg nak = Assert.Single(h.App.Take());
        Assert.Equal((MsgClass.Ack, 10, 3u, NakCode.NoResponse), (nak.Class, nak.StreamId, nak.AckId, nak.NakCode));
        Assert.Equal("No Ack received for PostMsg with postId = 3", nak.Text);
        Assert.Equal(0, h.Watchlist.OutstandingPosts);

        h.FromProvider(Ack(5, 3)); // too late: the application already had its nak
        Assert.Empty(h.App.Received);
    }

    [Fact]
    public void PostsBeyondTheLimitOrWithoutPostIdAreRefused()
    {
        WatchlistHarness h = WatchlistHarness.WithTwoOpen(new WatchlistOptions { MaxOutstandingPosts = 1 });
        h.Submit(Post(10, postId: 1));
        Assert.Equal(WatchlistReturnCode.InvalidUsage, h.Watchlist.Submit(Post(10, postId: 2)));
        Assert.Contains("maxOutstandingPosts", h.Watchlist.LastError);
        Assert.Equal(WatchlistReturnCode.InvalidUsage, h.Watchlist.Submit(Post(10, postId: 1)));
        Assert.Single(h.Provider.Take());

        Msg noId = Post(10, postId: 0);
        noId.PostFlags &= ~PostMsgFlags.HasPostId;
        Assert.Equal(WatchlistReturnCode.InvalidUsage, h.Watchlist.Submit(noId));
        Assert.Empty(h.Provider.Sent);

        h.Submit(Post(10, postId: 9, ack: false)); // no ack asked: not tracked, not limited
        Assert.Single(h.Provider.Take());
    }

    [Fact]
    public void APostWithoutBufferIsReturnedToTheApplicationUntracked()
    {
        WatchlistHarness h = WatchlistHarness.WithTwoOpen();
        h.Provider.Result = WatchlistSendResult.NoBuffers;
        Assert.Equal(WatchlistReturnCode.NoBuffers, h.Watchlist.Submit(Post(10, postId: 4)));
        Assert.Equal(0, h.Watchlist.OutstandingPosts);
    }
}
