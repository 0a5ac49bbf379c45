using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.PerfHub.Cache;
using PerfTools.PerfHub.Network;

namespace PerfTools.PerfHub.Routing;

/// <summary>
/// The ADS half of the hub: consumer logins, source directory requests, item requests answered from the cache (one
/// source stream per item however many consumers ask), closes, and posts and generic messages on item streams.
/// </summary>
internal sealed class ConsumerSide(HubState hub)
{
    private static readonly byte[] NotFoundText = "Item not found: no provider has published it to the hub"u8.ToArray();

    public void OnMessage(Peer consumer, scoped in Msg msg, ReadOnlySpan<byte> encoded)
    {
        if (!consumer.LoggedIn && !(msg.DomainType == DomainTypes.Login && msg.MsgClass == MsgClass.Request))
        {
            consumer.RequestClose("sent a message before its login request");
            return;
        }
        switch (msg.DomainType)
        {
            case DomainTypes.Login:
                OnLogin(consumer, msg, encoded);
                break;
            case DomainTypes.Source:
                OnDirectory(consumer, msg);
                break;
            case DomainTypes.Dictionary:
                if (msg.MsgClass == MsgClass.Request)
                    hub.SendStatus(consumer, DomainTypes.Dictionary, msg.StreamId, StreamStates.Closed, DataStates.Suspect,
                        StateCodes.NotFound, "PerfHub serves no dictionaries; load them from files");
                break;
            default:
                OnItem(consumer, msg, encoded);
                break;
        }
    }

    public void OnLost(Peer consumer)
    {
        foreach (Subscription subscription in consumer.Subscriptions.Values.ToArray())
            hub.Unsubscribe(subscription);
        hub.Consumers.Remove(consumer);
        hub.UpstreamPosts.Forget(consumer);
    }

    private void OnLogin(Peer consumer, scoped in Msg msg, ReadOnlySpan<byte> encoded)
    {
        switch (msg.MsgClass)
        {
            case MsgClass.Request:
                var request = new LoginRequest();
                if (request.Decode(msg) != CodecReturnCode.Success)
                {
                    consumer.RequestClose("its login request does not decode");
                    return;
                }
                if (request.Attributes.Role == LoginRoles.Provider)
                {
                    hub.SendStatus(consumer, DomainTypes.Login, msg.StreamId, StreamStates.Closed, DataStates.Suspect,
                        StateCodes.NotEntitled, $"This is the consumer port; non-interactive providers connect to port {hub.Options.ProviderPort}");
                    consumer.RequestClose("a provider login on the consumer port");
                    return;
                }
                var refresh = new LoginRefresh { StreamId = msg.StreamId, UserName = request.UserName, UserNameType = request.UserNameType };
                refresh.Attributes.SupportOMMPost = 1;
                refresh.Attributes.SingleOpen = 0;
                refresh.Attributes.AllowSuspectData = 1;
                hub.Send(consumer, (ref RwfEncoder e) => refresh.Encode(ref e));
                consumer.LoggedIn = true;
                consumer.LoginStreamId = msg.StreamId;
                break;
            case MsgClass.Close:
                consumer.RequestClose("logged out");
                break;
            case MsgClass.Post:
                OnPost(consumer, msg, encoded);
                break;
        }
    }

    private void OnDirectory(Peer consumer, scoped in Msg msg)
    {
        if (msg.MsgClass == MsgClass.Close)
        {
            consumer.DirectoryStreamId = 0;
            return;
        }
        if (msg.MsgClass != MsgClass.Request)
            return;
        var request = new DirectoryRequest();
        if (request.Decode(msg) != CodecReturnCode.Success)
        {
            consumer.RequestClose("its source directory request does not decode");
            return;
        }
        var refresh = new DirectoryRefresh { StreamId = request.StreamId, Filter = request.Filter, ServiceId = request.ServiceId };
        refresh.Services.AddRange(hub.Directory.View(request.Filter, request.ServiceId));
        hub.Send(consumer, (ref RwfEncoder e) => refresh.Encode(ref e));
        if (request.Streaming)
        {
            consumer.DirectoryStreamId = request.StreamId;
            consumer.DirectoryFilter = request.Filter;
        }
    }

    private void OnItem(Peer consumer, scoped in Msg msg, ReadOnlySpan<byte> encoded)
    {
        switch (msg.MsgClass)
        {
            case MsgClass.Request:
                OnRequest(consumer, msg);
                break;
            case MsgClass.Close:
                if (consumer.Subscriptions.TryGetValue(msg.StreamId, out Subscription? closed))
                    hub.Unsubscribe(closed);
                break;
            case MsgClass.Post:
                OnPost(consumer, msg, encoded);
                break;
            case MsgClass.Generic:
                hub.Counters.GenericMsgsIn++;
                if (consumer.Subscriptions.TryGetValue(msg.StreamId, out Subscription? on) && on.Item.Source is { Role: ChannelRole.Upstream } upstream)
                    ForwardUpstream(upstream, encoded, on.Item.SourceStreamId, hubPostId: 0);
                break;
        }
    }

    private void OnRequest(Peer consumer, scoped in Msg msg)
    {
        hub.Counters.ItemRequests++;
        bool streaming = (msg.RequestFlags & RequestMsgFlags.Streaming) != 0;
        if (consumer.Subscriptions.TryGetValue(msg.StreamId, out Subscription? existing))
        {
            if (existing.Item.HasImage)
                hub.SendImage(existing, solicited: true); // a re-request (priority, pause/resume): the image again
            return;
        }
        if (!msg.Key.HasServiceId || !msg.Key.HasName)
        {
            hub.SendStatus(consumer, msg.DomainType, msg.StreamId, StreamStates.Closed, DataStates.Suspect, StateCodes.UsageError,
                "An item request needs a service id and a name");
            return;
        }
        if (!hub.Directory.Contains(msg.Key.ServiceId))
        {
            hub.SendStatus(consumer, msg.DomainType, msg.StreamId, StreamStates.ClosedRecover, DataStates.Suspect,
                StateCodes.SourceUnknown, $"Service id {msg.Key.ServiceId} is not provided through this hub");
            return;
        }
        Peer? owner = hub.Directory.OwnerOf(msg.Key.ServiceId);
        CachedItem? item = hub.Cache.Find(msg.Key.ServiceId, msg.DomainType, System.Text.Encoding.UTF8.GetString(msg.Key.Name));
        if (owner is { Role: ChannelRole.Upstream })
        {
            item ??= hub.Cache.GetOrAdd(msg.Key.ServiceId, msg.DomainType, msg.Key.Name, msg.Key.NameType);
            if (item.Source is null)
                OpenUpstream(owner, item);
        }
        else if (item is not { HasImage: true })
        {
            if (!hub.Options.TemporaryRefresh)
            {
                hub.Counters.ItemsNotFound++;
                hub.SendStatus(consumer, msg.DomainType, msg.StreamId, StreamStates.Closed, DataStates.Suspect, StateCodes.NotFound, NotFoundText);
                return;
            }
            item ??= hub.Cache.GetOrAdd(msg.Key.ServiceId, msg.DomainType, msg.Key.Name, msg.Key.NameType);
            hub.Subscribe(consumer, msg.StreamId, item, streaming);
            int streamId = msg.StreamId;
            hub.Send(consumer, (ref RwfEncoder e) => HubMessages.EncodeTemporaryRefresh(ref e, item, streamId));
            return;
        }
        Subscription subscription = hub.Subscribe(consumer, msg.StreamId, item, streaming);
        if (item.HasImage)
            hub.SendImage(subscription, solicited: true);
    }

    /// <summary>
    /// Opens the hub's one stream for the item on the upstream provider. A request that finds no buffer is queued on
    /// the upstream channel and written on a later pass; the item has its source from now on either way.
    /// </summary>
    public void OpenUpstream(Peer upstream, CachedItem item)
    {
        int streamId = hub.NextUpstreamStreamId();
        if (!hub.Send(upstream, (ref RwfEncoder e) => HubMessages.EncodeUpstreamRequest(ref e, item, streamId)))
            return; // does not encode (logged): the item stays without a source
        item.AddSource(upstream, streamId);
        upstream.Published[streamId] = item;
        hub.Counters.UpstreamStreamsOpened++;
    }

    /// <summary>
    /// A post: to an upstream item it goes upstream as it came (the provider reflects it); to an NI item it is applied
    /// to the cache and fanned out as an update carrying the poster's user info and fields (TIM_TRK_2 included).
    /// </summary>
    private void OnPost(Peer consumer, scoped in Msg msg, ReadOnlySpan<byte> encoded)
    {
        hub.Counters.PostsIn++;
        CachedItem? item = null;
        if (consumer.Subscriptions.TryGetValue(msg.StreamId, out Subscription? on))
            item = on.Item;
        else if (msg.StreamId == consumer.LoginStreamId && msg.Key.HasServiceId && msg.Key.HasName)
            item = hub.Cache.Find(msg.Key.ServiceId, DomainTypes.MarketPrice, System.Text.Encoding.UTF8.GetString(msg.Key.Name));
        bool wantsAck = (msg.PostFlags & PostMsgFlags.Ack) != 0;
        if (item is null)
        {
            if (wantsAck)
                SendAck(consumer, msg.DomainType, msg.StreamId, msg.PostId, NakCode.SymbolUnknown);
            return;
        }
        if (item.Source is { Role: ChannelRole.Upstream } upstream)
        {
            // The ack comes back on the hub's stream with the id the hub gave the post: remember whose it is.
            uint hubPostId = wantsAck && (msg.PostFlags & PostMsgFlags.HasPostId) != 0
                ? hub.UpstreamPosts.Register(consumer, msg.StreamId, msg.PostId)
                : 0;
            ForwardUpstream(upstream, encoded, on is null ? upstream.LoginStreamId : item.SourceStreamId, hubPostId);
            return;
        }
        bool applied = ApplyPost(item, msg);
        if (wantsAck)
            SendAck(consumer, msg.DomainType, msg.StreamId, msg.PostId, applied ? null : NakCode.InvalidContent);
    }

    private bool ApplyPost(CachedItem item, scoped in Msg post)
    {
        ReadOnlySpan<byte> body = post.EncodedDataBody;
        int containerType = post.ContainerType;
        byte updateType = 0;
        if (containerType == DataTypes.Msg)
        {
            if (MsgDecoder.Decode(post.EncodedDataBody, out Msg nested) != CodecReturnCode.Success
                || nested.MsgClass is not (MsgClass.Update or MsgClass.Refresh))
                return false;
            body = nested.EncodedDataBody;
            containerType = nested.ContainerType;
            updateType = nested.MsgClass == MsgClass.Update ? nested.UpdateType : (byte)0;
        }
        if (containerType == DataTypes.FieldList && item.Record.ApplyUpdate(body) != CodecReturnCode.Success)
            return false;
        var encoder = new RwfEncoder(hub.Scratch);
        if (HubMessages.EncodePostedUpdate(ref encoder, item.DomainType, post.PostUserInfo, updateType, containerType, body) != CodecReturnCode.Success)
            return false;
        item.UpdatesApplied++;
        hub.FanOut.Forward(item, hub.Scratch.AsSpan(0, encoder.Position));
        return true;
    }

    private void SendAck(Peer consumer, byte domainType, int streamId, uint postId, NakCode? nak)
    {
        Span<byte> space = consumer.Output.Reserve(HubMessages.HeaderBound);
        if (space.IsEmpty)
        {
            consumer.Output.Dropped();
            return;
        }
        var encoder = new RwfEncoder(space);
        if (HubMessages.EncodeAck(ref encoder, domainType, streamId, postId, nak) == CodecReturnCode.Success)
            consumer.Output.Send(encoder.Position);
        else
            consumer.Output.Cancel();
    }

    private static void ForwardUpstream(Peer upstream, ReadOnlySpan<byte> encoded, int streamId, uint hubPostId)
    {
        Span<byte> space = upstream.Output.Reserve(encoded.Length);
        if (space.Length < encoded.Length)
        {
            if (!space.IsEmpty)
                upstream.Output.Cancel();
            upstream.Output.Dropped();
            return;
        }
        encoded.CopyTo(space);
        MsgPatch.StreamId(space, streamId);
        if (hubPostId != 0)
            MsgPatch.PostId(space, hubPostId);
        upstream.Output.Send(encoded.Length);
    }
}
