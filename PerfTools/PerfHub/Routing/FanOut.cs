using Eta.Codec;
using PerfTools.PerfHub.Cache;
using PerfTools.PerfHub.Network;
using PerfTools.PerfHub.Statistics;

namespace PerfTools.PerfHub.Routing;

/// <summary>
/// Request aggregation's other half: one message from an item's single source stream goes to every consumer stream
/// on the item, copied into each consumer's output buffer with the consumer's stream id patched in. Nothing is
/// decoded or allocated per copy. A consumer whose output is backed up misses the copy (its channel counts it).
/// </summary>
internal sealed class FanOut(HubCounters counters)
{
    /// <summary>Sends <paramref name="encoded"/> to every subscriber that has its image (or to all, for statuses).</summary>
    public void Forward(CachedItem item, ReadOnlySpan<byte> encoded, bool includeWaiting = false)
    {
        int count = item.SubscriberCount;
        for (int i = 0; i < count; i++)
        {
            Subscription subscription = item.Subscriber(i);
            if (subscription.HasImage || includeWaiting)
                Copy(subscription, encoded);
        }
    }

    private void Copy(Subscription subscription, ReadOnlySpan<byte> encoded)
    {
        IMessageOutput channel = subscription.Consumer.Output;
        Span<byte> space = channel.Reserve(encoded.Length);
        if (space.Length < encoded.Length)
        {
            if (!space.IsEmpty)
                channel.Cancel();
            channel.Dropped();
            return;
        }
        encoded.CopyTo(space);
        MsgPatch.StreamId(space, subscription.StreamId);
        channel.Send(encoded.Length);
        counters.FanOut++;
    }
}
