using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.PerfHub.Cache;
using PerfTools.PerfHub.Options;
using PerfTools.PerfHub.Output;

namespace PerfTools.PerfHub.Routing;

/// <summary>Encodes one message into the space given; admin messages only (the lambdas that pass it allocate).</summary>
internal delegate CodecReturnCode EncodeInto(ref RwfEncoder encoder);

/// <summary>What every side of the router shares: the cache, the directory, the consumers, counters and the log.</summary>
internal sealed class HubState
{
    private const int AdminMaxLength = 16 * 1024;

    public HubState(PerfHubOptions options, Action<string> log)
    {
        Options = options;
        Log = log;
        FanOut = new FanOut(Counters);
    }

    public PerfHubOptions Options { get; }

    public Action<string> Log { get; }

    public HubCounters Counters { get; } = new();

    public ItemCache Cache { get; } = new();

    public ServiceDirectory Directory { get; } = new();

    public FanOut FanOut { get; }

    public List<Peer> Consumers { get; } = [];

    /// <summary>Where a message fanned out to many streams is encoded once (posts); reused.</summary>
    public byte[] Scratch { get; } = new byte[64 * 1024];

    private int _nextUpstreamStreamId = 10;

    public int NextUpstreamStreamId() => _nextUpstreamStreamId++;

    /// <summary>Encodes and sends an admin (or otherwise rare) message; false when no space or it did not encode.</summary>
    public bool Send(Peer peer, EncodeInto encode, int maxLength = AdminMaxLength)
    {
        Span<byte> space = peer.Output.Reserve(maxLength);
        if (space.IsEmpty)
            return false;
        var encoder = new RwfEncoder(space);
        CodecReturnCode rc = encode(ref encoder);
        if (rc != CodecReturnCode.Success)
        {
            peer.Output.Cancel();
            Log($"PerfHub: cannot encode a message for {peer.Name}: {rc}.");
            return false;
        }
        return peer.Output.Send(encoder.Position);
    }

    /// <summary>A status on one stream (the text is UTF-8 of <paramref name="text"/>).</summary>
    public bool SendStatus(Peer peer, byte domainType, int streamId, int streamState, int dataState, int code, string text)
    {
        byte[] bytes = System.Text.Encoding.UTF8.GetBytes(text);
        return Send(peer, (ref RwfEncoder e) => HubMessages.EncodeStatus(ref e, domainType, streamId, streamState, dataState, code, bytes));
    }

    /// <summary>Tells every consumer with an open directory stream that these services changed.</summary>
    public void AnnounceServices(IReadOnlyList<Service> changed)
    {
        if (changed.Count == 0)
            return;
        foreach (Peer consumer in Consumers)
        {
            if (consumer.DirectoryStreamId == 0)
                continue;
            var update = new DirectoryUpdate { StreamId = consumer.DirectoryStreamId, Filter = consumer.DirectoryFilter };
            foreach (Service service in changed)
                update.Services.Add(ServiceDirectory.Project(service, consumer.DirectoryFilter));
            Send(consumer, (ref RwfEncoder e) => update.Encode(ref e));
        }
    }

    /// <summary>Sends the item's image to one consumer stream; drops the stream afterwards when it is a snapshot.</summary>
    public void SendImage(Subscription subscription, bool solicited)
    {
        CachedItem item = subscription.Item;
        ImageWriter.Send(subscription.Consumer.Output, item, subscription.StreamId, solicited, subscription.Streaming);
        subscription.HasImage = true;
        Counters.ImagesFromCache++;
        if (!subscription.Streaming)
            Unsubscribe(subscription);
    }

    public Subscription Subscribe(Peer consumer, int streamId, CachedItem item, bool streaming)
    {
        var subscription = new Subscription(consumer, streamId, item, streaming);
        item.Subscribers.Add(subscription);
        consumer.Subscriptions[streamId] = subscription;
        return subscription;
    }

    public void Unsubscribe(Subscription subscription)
    {
        subscription.Item.Subscribers.Remove(subscription);
        subscription.Consumer.Subscriptions.Remove(subscription.StreamId);
    }
}
