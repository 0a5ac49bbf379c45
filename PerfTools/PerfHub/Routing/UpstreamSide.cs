using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.PerfHub.Cache;

namespace PerfTools.PerfHub.Routing;

/// <summary>
/// The hub as a consumer of an interactive provider (scenario 8.1): one login, one directory stream, and one item
/// stream per item whatever the number of consumers asking for it. After a reconnection the items consumers still
/// watch are requested again.
/// </summary>
internal sealed class UpstreamSide(HubState hub, ItemPublisher publisher, ConsumerSide consumers)
{
    private const int LoginStreamId = 1;
    private const int DirectoryStreamId = 2;

    /// <summary>The channel came up: log in.</summary>
    public void OnActive(Peer upstream)
    {
        upstream.LoginStreamId = LoginStreamId;
        var login = new LoginRequest { StreamId = LoginStreamId, UserName = hub.Options.UserName };
        login.Attributes.ApplicationName = "PerfHub";
        login.Attributes.Role = LoginRoles.Consumer;
        hub.Send(upstream, (ref RwfEncoder e) => login.Encode(ref e));
    }

    public void OnLost(Peer upstream) => publisher.OnSourceLost(upstream);

    public void OnMessage(Peer upstream, scoped in Msg msg, ReadOnlySpan<byte> encoded)
    {
        if (msg.MsgClass == MsgClass.Ack)
            RouteAck(msg); // on the login stream (off-stream post) or an item stream
        else if (msg.StreamId == LoginStreamId)
            OnLogin(upstream, msg);
        else if (msg.StreamId == DirectoryStreamId)
            OnDirectory(upstream, msg);
        else if (upstream.Published.TryGetValue(msg.StreamId, out CachedItem? item))
            OnItem(upstream, item, msg, encoded);
    }

    /// <summary>An ack of a post the hub forwarded: to the poster's stream, with the poster's post id.</summary>
    private void RouteAck(scoped in Msg ack)
    {
        if (!hub.UpstreamPosts.TryTake(ack.AckId, out Peer? consumer, out int streamId, out uint postId))
            return; // not a post the hub is waiting on (no ack asked, or its poster is gone)
        Msg routed = ack;
        routed.StreamId = streamId;
        routed.AckId = postId;
        Span<byte> space = consumer!.Output.Reserve(ack.EncodedMsg.Length + HubMessages.HeaderBound);
        if (space.IsEmpty)
        {
            consumer.Output.Dropped();
            return;
        }
        var encoder = new RwfEncoder(space);
        if (MsgEncoder.Encode(ref encoder, routed) != CodecReturnCode.Success)
        {
            consumer.Output.Cancel();
            return;
        }
        consumer.Output.Send(encoder.Position);
        hub.Counters.AcksFromUpstream++;
    }

    private void OnLogin(Peer upstream, scoped in Msg msg)
    {
        if (msg.MsgClass == MsgClass.Refresh && !upstream.LoggedIn)
        {
            if (msg.State.StreamState != StreamStates.Open || msg.State.DataState != DataStates.Ok)
            {
                upstream.RequestClose("the upstream provider refused the login: " + msg.State.ToString());
                return;
            }
            upstream.LoggedIn = true;
            var directory = new DirectoryRequest { StreamId = DirectoryStreamId, Filter = ServiceFilterFlags.Info | ServiceFilterFlags.State | ServiceFilterFlags.Group };
            hub.Send(upstream, (ref RwfEncoder e) => directory.Encode(ref e));
        }
        else if (msg.MsgClass == MsgClass.Status && (msg.StatusFlags & StatusMsgFlags.HasState) != 0 && msg.State.StreamState != StreamStates.Open)
        {
            upstream.RequestClose("the upstream provider closed the login: " + msg.State.ToString());
        }
    }

    private void OnDirectory(Peer upstream, scoped in Msg msg)
    {
        var changed = new List<Service>();
        if (msg.MsgClass == MsgClass.Refresh)
        {
            var refresh = new DirectoryRefresh();
            if (refresh.Decode(msg) != CodecReturnCode.Success)
            {
                upstream.RequestClose("the upstream source directory does not decode");
                return;
            }
            hub.PublishDirectory(upstream, refresh, changed);
        }
        else if (msg.MsgClass == MsgClass.Update)
        {
            var update = new DirectoryUpdate();
            if (update.Decode(msg) != CodecReturnCode.Success)
                return;
            hub.UpdateDirectory(upstream, update, changed);
        }
        hub.AnnounceServices(changed);
        ReopenWatchedItems(upstream);
    }

    // After a reconnection: the items consumers still watch get their upstream stream back.
    private void ReopenWatchedItems(Peer upstream)
    {
        foreach (CachedItem item in hub.Cache.Items)
        {
            if (item.Source is null && item.SubscriberCount > 0 && hub.Directory.OwnerOf(item.ServiceId) == upstream)
                consumers.OpenUpstream(upstream, item);
        }
    }

    private void OnItem(Peer upstream, CachedItem item, scoped in Msg msg, ReadOnlySpan<byte> encoded)
    {
        switch (msg.MsgClass)
        {
            case MsgClass.Refresh:
                publisher.OnRefresh(upstream, item, msg);
                break;
            case MsgClass.Update:
                publisher.OnUpdate(item, msg, encoded);
                break;
            case MsgClass.Status:
                publisher.OnStatus(upstream, item, msg, encoded);
                break;
            case MsgClass.Generic:
                publisher.OnGeneric(item, encoded);
                break;
        }
    }
}
