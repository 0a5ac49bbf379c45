using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.PerfHub.Cache;
using PerfTools.PerfHub.Options;
using PerfTools.PerfHub.Statistics;

namespace PerfTools.PerfHub.Routing;

/// <summary>Encodes one message into the space given; admin messages only (the lambdas that pass it allocate).</summary>
internal delegate CodecReturnCode EncodeInto(ref RwfEncoder encoder);

/// <summary>What every side of the router shares: the cache, the directory, the consumers, counters and the log.</summary>
internal sealed class HubState
{
    private const int AdminMaxLength = 16 * 1024;

    /// <summary>
    /// How much output may wait for a consumer's socket before its images are held back. A consumer that asks for
    /// 100,000 items at once would otherwise have every image written at once, megabytes queued in its channel, and the
    /// updates that follow each image would wait behind all of them: the backlog outlives the image phase and shows as
    /// milliseconds of latency well into the steady state. Held to this much, images go out as fast as the consumer
    /// reads them and each update waits behind at most this many bytes.
    /// </summary>
    public const int ImageBacklogBytes = 64 * 1024;

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

    /// <summary>
    /// Publishes the services of <paramref name="source"/>'s directory refresh, saying on the console which it provides
    /// and which were refused (and why); those published are added to <paramref name="published"/>.
    /// </summary>
    public void PublishDirectory(Peer source, DirectoryRefresh refresh, List<Service> published)
    {
        foreach (Service service in refresh.Services)
        {
            if (Directory.Publish(service, source, out string? conflict) is { } accepted)
                published.Add(accepted);
            else
                Log($"PerfHub: ignored a service of {source.Name}: {conflict}.");
        }
        if (published.Count > 0)
            Log($"PerfHub: {source.Name} provides {string.Join(", ", published.Select(s => $"{s.Info?.ServiceName} ({s.ServiceId})"))}.");
    }

    /// <summary>
    /// Applies <paramref name="source"/>'s directory update, saying on the console which services it adds that were
    /// refused (and why); the services changed are added to <paramref name="changed"/>.
    /// </summary>
    public void UpdateDirectory(Peer source, DirectoryUpdate update, List<Service> changed)
    {
        foreach (Service service in update.Services)
        {
            if (Directory.Update(service, source, out string? conflict) is { } known)
                changed.Add(known);
            else if (conflict is not null)
                Log($"PerfHub: ignored a service of {source.Name}: {conflict}.");
        }
    }

    public FanOut FanOut { get; }

    public List<Peer> Consumers { get; } = [];

    /// <summary>Posts sent upstream awaiting their ack (hub post id to poster).</summary>
    public UpstreamPosts UpstreamPosts { get; } = new();

    /// <summary>Where a message fanned out to many streams is encoded once (posts); reused.</summary>
    public byte[] Scratch { get; } = new byte[64 * 1024];

    private int _nextUpstreamStreamId = 10;

    public int NextUpstreamStreamId() => _nextUpstreamStreamId++;

    /// <summary>
    /// Encodes and sends an admin (or otherwise rare) message, or queues it behind what the peer is already owed when
    /// there is no output buffer now (<see cref="RetryPending"/> writes it later). False only when it does not encode.
    /// </summary>
    public bool Send(Peer peer, EncodeInto encode)
    {
        if (peer.Pending.Any)
        {
            peer.Pending.Admin.Enqueue(encode);
            return true;
        }
        WriteResult result = TryWrite(peer, encode);
        if (result == WriteResult.NoBuffer)
            peer.Pending.Admin.Enqueue(encode);
        return result != WriteResult.Failed;
    }

    /// <summary>A status on one stream (the text is UTF-8 of <paramref name="text"/>).</summary>
    public bool SendStatus(Peer peer, byte domainType, int streamId, int streamState, int dataState, int code, string text) =>
        SendStatus(peer, domainType, streamId, streamState, dataState, code, System.Text.Encoding.UTF8.GetBytes(text));

    /// <summary>A status on one stream with its text already UTF-8.</summary>
    public bool SendStatus(Peer peer, byte domainType, int streamId, int streamState, int dataState, int code, byte[] text) =>
        Send(peer, (ref RwfEncoder e) => HubMessages.EncodeStatus(ref e, domainType, streamId, streamState, dataState, code, text));

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

    /// <summary>
    /// Sends the item's image to one consumer stream, or queues it when the consumer's output has no buffer (or owes
    /// earlier messages). Until the image is written the stream gets no updates; a snapshot stream is dropped after it.
    /// </summary>
    public void SendImage(Subscription subscription, bool solicited)
    {
        if (subscription.ImageQueued)
        {
            subscription.QueuedSolicited |= solicited; // the queued image is written from the cache as it is then
            return;
        }
        PendingOutput pending = subscription.Consumer.Pending;
        if (!pending.Any && subscription.Consumer.Output.HasBacklogUnder(ImageBacklogBytes)
            && WriteImage(subscription, solicited) != WriteResult.NoBuffer)
            return;
        subscription.ImageQueued = true;
        subscription.QueuedSolicited = solicited;
        Counters.ImagesQueued++;
        pending.Images.Enqueue(subscription);
    }

    /// <summary>
    /// Writes what the peer is owed, in order, until its output runs out of buffers again or, for images, has
    /// <see cref="ImageBacklogBytes"/> waiting (called every pass of the loop). A queued image whose stream has closed, or whose item has lost its image meanwhile, is skipped: the
    /// next refresh of the item sends it.
    /// </summary>
    public void RetryPending(Peer peer)
    {
        PendingOutput pending = peer.Pending;
        while (pending.Admin.TryPeek(out EncodeInto? encode))
        {
            if (TryWrite(peer, encode) == WriteResult.NoBuffer)
                return;
            pending.Admin.Dequeue();
        }
        while (pending.Images.TryPeek(out Subscription? subscription))
        {
            if (!peer.Output.HasBacklogUnder(ImageBacklogBytes))
                return;
            if (!subscription.Closed && subscription.Item.HasImage && WriteImage(subscription, subscription.QueuedSolicited) == WriteResult.NoBuffer)
                return;
            pending.Images.Dequeue();
            subscription.ImageQueued = false;
        }
    }

    private WriteResult WriteImage(Subscription subscription, bool solicited)
    {
        WriteResult result = ImageWriter.Send(subscription.Consumer.Output, subscription.Item, subscription.StreamId, solicited, subscription.Streaming);
        if (result == WriteResult.Failed)
        {
            // The stream cannot be served without its image: close the consumer rather than leave it waiting.
            Log($"PerfHub: cannot encode the image of {subscription.Item.Name} for {subscription.Consumer.Name}.");
            subscription.Consumer.RequestClose($"the image of {subscription.Item.Name} does not encode");
            return result;
        }
        if (result == WriteResult.NoBuffer)
            return result;
        subscription.HasImage = true;
        Counters.ImagesFromCache++;
        if (!subscription.Streaming)
            Unsubscribe(subscription);
        return result;
    }

    private WriteResult TryWrite(Peer peer, EncodeInto encode)
    {
        Span<byte> space = peer.Output.Reserve(AdminMaxLength);
        if (space.IsEmpty)
            return WriteResult.NoBuffer;
        var encoder = new RwfEncoder(space);
        CodecReturnCode rc = encode(ref encoder);
        if (rc != CodecReturnCode.Success)
        {
            peer.Output.Cancel();
            Log($"PerfHub: cannot encode a message for {peer.Name}: {rc}; not sent.");
            return WriteResult.Failed;
        }
        peer.Output.Send(encoder.Position); // false: the channel failed, and the loop closes it
        return WriteResult.Written;
    }

    public Subscription Subscribe(Peer consumer, int streamId, CachedItem item, bool streaming)
    {
        var subscription = new Subscription(consumer, streamId, item, streaming);
        item.AddSubscriber(subscription);
        consumer.Subscriptions[streamId] = subscription;
        return subscription;
    }

    public void Unsubscribe(Subscription subscription)
    {
        subscription.Closed = true;
        subscription.Item.RemoveSubscriber(subscription);
        subscription.Consumer.Subscriptions.Remove(subscription.StreamId);
    }
}
