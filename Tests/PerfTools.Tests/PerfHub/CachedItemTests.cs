using PerfTools.PerfHub.Cache;
using PerfTools.PerfHub.Network;
using PerfTools.PerfHub.Routing;
using Xunit;

namespace PerfTools.Tests.PerfHub;

/// <summary>An item's consumer streams: the first held in the item itself, the rest in a list, all in the order they opened.</summary>
public sealed class CachedItemTests
{
    [Fact]
    public void Subscribers_keep_their_order_whichever_one_leaves()
    {
        var router = new HubRouter(new HubState(new global::PerfTools.PerfHub.Options.PerfHubOptions(), _ => { }));
        (Peer consumer, _) = FakeOutput.Connect(router, ChannelRole.Consumer);
        var item = new CachedItem(1, "A", "A"u8.ToArray(), 1, 6, new FieldLayouts(), new DeferredUpdates());
        Subscription[] streams = [.. Enumerable.Range(1, 4).Select(id => new Subscription(consumer, id, item, streaming: true))];
        foreach (Subscription stream in streams)
            item.AddSubscriber(stream);
        Assert.Equal([1, 2, 3, 4], Ids(item));

        item.RemoveSubscriber(streams[0]);
        Assert.Equal([2, 3, 4], Ids(item));
        item.RemoveSubscriber(streams[2]);
        Assert.Equal([2, 4], Ids(item));
        item.RemoveSubscriber(streams[2]); // already gone: nothing changes
        Assert.Equal([2, 4], Ids(item));
        item.RemoveSubscriber(streams[1]);
        item.RemoveSubscriber(streams[3]);
        Assert.Equal(0, item.SubscriberCount);
        item.AddSubscriber(streams[0]);
        Assert.Equal([1], Ids(item));
    }

    private static int[] Ids(CachedItem item) => [.. Enumerable.Range(0, item.SubscriberCount).Select(i => item.Subscriber(i).StreamId)];
}
