using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.TestSupport;
using PerfTools.PerfHub.Network;
using PerfTools.PerfHub.Options;
using PerfTools.PerfHub.Routing;
using Xunit;

namespace PerfTools.Tests.PerfHub;

/// <summary>
/// The router with more than one source per item, acks coming back from the upstream provider, and payloads that are
/// not field lists: on in-memory outputs, with the allocation proofs of the paths these add.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class HubSourcesTests
{
    private const int ServiceId = 1;
    private readonly HubRouter _router;

    public HubSourcesTests() => _router = new HubRouter(new HubState(new PerfHubOptions(), _ => { }));

    [Fact]
    public void Two_NI_providers_publishing_a_common_item_both_feed_its_cache_and_its_consumers()
    {
        (Peer first, _) = NiProvider();
        (Peer second, _) = NiProvider();
        _router.OnMessage(first, Wire.Refresh(-1, ServiceId, "COMMON", 1000));
        _router.OnMessage(second, Wire.Refresh(-7, ServiceId, "COMMON", 1000));
        (Peer consumer, FakeOutput toConsumer) = Consumer();
        _router.OnMessage(consumer, Wire.DirectoryRequest(2));
        _router.OnMessage(consumer, Wire.ItemRequest(5, ServiceId, "COMMON"));
        toConsumer.Clear();

        _router.OnMessage(first, Wire.Update(-1, 2001));
        _router.OnMessage(second, Wire.Update(-7, 2002));
        Assert.Equal([2001L, 2002L], toConsumer.Sent.Select(Wire.BidOfUpdate));

        // One provider goes: the other still publishes, so the item stays good and the service Up.
        toConsumer.Clear();
        _router.OnLost(first);
        Assert.Empty(toConsumer.Sent);
        _router.OnMessage(second, Wire.Update(-7, 2003));
        Assert.Equal(2003, Wire.BidOfUpdate(Assert.Single(toConsumer.Sent)));

        // The last one goes: now the item is stale and the service Down.
        toConsumer.Clear();
        _router.OnLost(second);
        Assert.Contains(toConsumer.Sent, m => MsgDecoder.Decode(m, out Msg s) == CodecReturnCode.Success && s.MsgClass == MsgClass.Status
            && s.StreamId == 5 && s.State.DataState == DataStates.Suspect);
        Assert.Contains(toConsumer.Sent, m => MsgDecoder.Decode(m, out Msg d) == CodecReturnCode.Success && d.StreamId == 2);
    }

    [Fact]
    public void A_closed_status_from_one_of_two_providers_does_not_close_the_consumers_stream()
    {
        (Peer first, _) = NiProvider();
        (Peer second, _) = NiProvider();
        _router.OnMessage(first, Wire.Refresh(-1, ServiceId, "COMMON", 1000));
        _router.OnMessage(second, Wire.Refresh(-1, ServiceId, "COMMON", 1000));
        (Peer consumer, FakeOutput toConsumer) = Consumer();
        _router.OnMessage(consumer, Wire.ItemRequest(5, ServiceId, "COMMON"));
        toConsumer.Clear();

        _router.OnMessage(first, ClosedStatus(-1));
        Assert.Empty(toConsumer.Sent);
        _router.OnMessage(second, Wire.Update(-1, 3000));
        Assert.Equal(3000, Wire.BidOfUpdate(Assert.Single(toConsumer.Sent)));
    }

    [Fact]
    public void Acks_from_the_upstream_provider_reach_each_poster_with_its_own_post_id()
    {
        (Peer upstream, FakeOutput toUpstream) = Upstream();
        (Peer poster1, FakeOutput toPoster1) = Consumer();
        (Peer poster2, FakeOutput toPoster2) = Consumer();
        _router.OnMessage(poster1, Wire.ItemRequest(5, 7, "RIC.A"));
        _router.OnMessage(poster2, Wire.ItemRequest(9, 7, "RIC.A"));
        MsgDecoder.Decode(Assert.Single(toUpstream.Sent), out Msg request);
        int upstreamStream = request.StreamId;
        _router.OnMessage(upstream, Wire.Refresh(upstreamStream, 7, "RIC.A", 2000));
        toUpstream.Clear();

        // Both consumers number their posts from 1: the same post id on the same item.
        _router.OnMessage(poster1, PostAskingAck(5, postId: 1));
        _router.OnMessage(poster2, PostAskingAck(9, postId: 1));
        Assert.Equal(2, toUpstream.Sent.Count);
        uint[] upstreamIds = toUpstream.Sent.Select(PostIdOf).ToArray();
        Assert.NotEqual(upstreamIds[0], upstreamIds[1]);
        Assert.All(toUpstream.Sent, p => Assert.Equal(upstreamStream, StreamIdOf(p)));
        toPoster1.Clear();
        toPoster2.Clear();

        _router.OnMessage(upstream, Ack(upstreamStream, upstreamIds[1]));
        _router.OnMessage(upstream, Ack(upstreamStream, upstreamIds[0]));

        AssertAck(Assert.Single(toPoster1.Sent), streamId: 5, ackId: 1);
        AssertAck(Assert.Single(toPoster2.Sent), streamId: 9, ackId: 1);
        Assert.Equal(2, _router.Hub.Counters.AcksFromUpstream);

        // An ack nobody waits for (already routed) goes nowhere.
        _router.OnMessage(upstream, Ack(upstreamStream, upstreamIds[0]));
        Assert.Single(toPoster1.Sent);
    }

    [Fact]
    public void An_off_stream_post_sent_upstream_is_acked_on_the_posters_login_stream()
    {
        (Peer upstream, FakeOutput toUpstream) = Upstream();
        (Peer poster, FakeOutput toPoster) = Consumer();
        _router.OnMessage(poster, Wire.ItemRequest(5, 7, "RIC.B"));
        MsgDecoder.Decode(Assert.Single(toUpstream.Sent), out Msg request);
        _router.OnMessage(upstream, Wire.Refresh(request.StreamId, 7, "RIC.B", 2000));
        toUpstream.Clear();

        _router.OnMessage(poster, PostAskingAck(1, postId: 33, offStreamName: "RIC.B"));
        byte[] sent = Assert.Single(toUpstream.Sent);
        Assert.Equal(1, StreamIdOf(sent)); // the hub's own upstream login stream
        toPoster.Clear();
        _router.OnMessage(upstream, Ack(1, PostIdOf(sent)));
        AssertAck(Assert.Single(toPoster.Sent), streamId: 1, ackId: 33);
    }

    [Fact]
    public void An_element_list_image_is_cached_as_received_and_its_updates_are_forwarded()
    {
        (Peer provider, _) = NiProvider();
        byte[] payload = ElementList(("STATE", 1));
        _router.OnMessage(provider, PayloadMsg(MsgClass.Refresh, -3, "ELEM", payload));
        Assert.Equal(1, _router.Hub.Cache.ImageCount);

        (Peer consumer, FakeOutput toConsumer) = Consumer();
        _router.OnMessage(consumer, Wire.ItemRequest(5, ServiceId, "ELEM"));
        MsgDecoder.Decode(toConsumer.Sent[^1], out Msg image);
        Assert.Equal(MsgClass.Refresh, image.MsgClass);
        Assert.Equal(5, image.StreamId);
        Assert.Equal(DataTypes.ElementList, image.ContainerType);
        Assert.Equal(payload, image.EncodedDataBody.ToArray());

        byte[] change = ElementList(("STATE", 2));
        _router.OnMessage(provider, PayloadMsg(MsgClass.Update, -3, "ELEM", change));
        MsgDecoder.Decode(toConsumer.Sent[^1], out Msg update);
        Assert.Equal(MsgClass.Update, update.MsgClass);
        Assert.Equal(change, update.EncodedDataBody.ToArray());
    }

    [Fact]
    public void Updates_whose_values_change_length_and_their_fan_out_allocate_nothing()
    {
        (Peer provider, _) = NiProvider();
        _router.OnMessage(provider, Wire.Refresh(-1, ServiceId, "ITEM", 1000));
        (Peer consumer, FakeOutput toConsumer) = Consumer();
        _router.OnMessage(consumer, Wire.ItemRequest(5, ServiceId, "ITEM"));
        toConsumer.Keep = false;
        // BID alternates between one and three value bytes: the entries after it move every time.
        byte[] small = Wire.Update(-1, 5);
        byte[] large = Wire.Update(-1, 5_000_000);
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 100; i++)
            {
                _router.OnMessage(provider, small);
                _router.OnMessage(provider, large);
            }
        });
        Assert.True(toConsumer.Count >= 400);
    }

    [Fact]
    public void Routing_upstream_acks_back_to_posters_allocates_nothing()
    {
        (Peer upstream, FakeOutput toUpstream) = Upstream();
        (Peer poster, FakeOutput toPoster) = Consumer();
        _router.OnMessage(poster, Wire.ItemRequest(5, 7, "RIC.A"));
        MsgDecoder.Decode(toUpstream.Sent[^1], out Msg request);
        int upstreamStream = request.StreamId;
        _router.OnMessage(upstream, Wire.Refresh(upstreamStream, 7, "RIC.A", 2000));
        byte[] post = PostAskingAck(5, postId: 1);
        _router.OnMessage(poster, post);
        uint first = PostIdOf(toUpstream.Sent[^1]);
        toUpstream.Keep = toPoster.Keep = false;
        // The hub numbers posts upstream first, first + 1, ...: each post is answered by the ack of its hub id,
        // encoded into one reused buffer.
        byte[] ack = new byte[256];
        uint posted = first;
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 100; i++)
            {
                _router.OnMessage(poster, post);
                _router.OnMessage(upstream, EncodeAck(ack, upstreamStream, ++posted));
            }
        });
        Assert.Equal(posted - first, (uint)_router.Hub.Counters.AcksFromUpstream);
    }

    private (Peer, FakeOutput) Connect(ChannelRole role) => FakeOutput.Connect(_router, role);

    private (Peer, FakeOutput) NiProvider()
    {
        (Peer provider, FakeOutput output) = Connect(ChannelRole.NiProvider);
        _router.OnMessage(provider, Wire.Login(1, LoginRoles.Provider));
        _router.OnMessage(provider, Wire.Directory(-1, ServiceId, "NI_PUB", solicited: false));
        Assert.Null(provider.CloseRequest);
        return (provider, output);
    }

    private (Peer, FakeOutput) Consumer()
    {
        (Peer consumer, FakeOutput output) = Connect(ChannelRole.Consumer);
        _router.OnMessage(consumer, Wire.Login(1, LoginRoles.Consumer));
        return (consumer, output);
    }

    private (Peer, FakeOutput) Upstream()
    {
        (Peer upstream, FakeOutput toUpstream) = Connect(ChannelRole.Upstream);
        _router.OnMessage(upstream, Wire.Encode((ref RwfEncoder e) => new LoginRefresh { StreamId = 1 }.Encode(ref e)));
        _router.OnMessage(upstream, Wire.Directory(2, 7, "DIRECT_FEED", solicited: true));
        toUpstream.Clear();
        return (upstream, toUpstream);
    }

    private static byte[] ClosedStatus(int streamId) => Wire.Encode((ref RwfEncoder e) =>
    {
        var msg = Msg.Create(MsgClass.Status, DomainTypes.MarketPrice, streamId);
        msg.StatusFlags = StatusMsgFlags.HasState;
        msg.State = new State(StreamStates.Closed, DataStates.Suspect);
        return MsgEncoder.Encode(ref e, msg);
    });

    /// <summary>A post asking for an ack, as LSEG's consumers send one: a post id, an update inside.</summary>
    private static byte[] PostAskingAck(int streamId, uint postId, string? offStreamName = null) => Wire.Encode((ref RwfEncoder e) =>
    {
        var post = Msg.Create(MsgClass.Post, DomainTypes.MarketPrice, streamId, DataTypes.Msg);
        post.PostFlags = PostMsgFlags.PostComplete | PostMsgFlags.Ack | PostMsgFlags.HasPostId;
        post.PostId = postId;
        post.PostUserInfo = new PostUserInfo(0x7F000001, 42);
        if (offStreamName is not null)
        {
            post.PostFlags |= PostMsgFlags.HasMsgKey;
            post.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName;
            post.Key.ServiceId = 7;
            post.Key.Name = System.Text.Encoding.ASCII.GetBytes(offStreamName);
        }
        MsgEncoder.EncodeInit(ref e, post, out MsgEncodeState postState);
        var update = Msg.Create(MsgClass.Update, DomainTypes.MarketPrice, streamId, DataTypes.FieldList);
        MsgEncoder.EncodeInit(ref e, update, out MsgEncodeState updateState);
        e.FieldListInit();
        e.FieldEntry(25, new Real(777, RealHints.ExponentNeg2));
        e.FieldListComplete(true);
        MsgEncoder.EncodeComplete(ref e, ref updateState, true);
        return MsgEncoder.EncodeComplete(ref e, ref postState, true);
    });

    private static byte[] Ack(int streamId, uint ackId) => Wire.Encode((ref RwfEncoder e) =>
    {
        var ack = Msg.Create(MsgClass.Ack, DomainTypes.MarketPrice, streamId);
        ack.AckId = ackId;
        return MsgEncoder.Encode(ref e, ack);
    });

    private static byte[] ElementList((string Name, long Value) element) => Wire.Encode((ref RwfEncoder e) =>
    {
        e.ElementListInit();
        e.ElementEntry(System.Text.Encoding.ASCII.GetBytes(element.Name), new Int(element.Value));
        return e.ElementListComplete(true);
    });

    private static byte[] PayloadMsg(MsgClass msgClass, int streamId, string name, byte[] payload) => Wire.Encode((ref RwfEncoder e) =>
    {
        var msg = Msg.Create(msgClass, DomainTypes.MarketPrice, streamId, DataTypes.ElementList);
        if (msgClass == MsgClass.Refresh)
        {
            msg.RefreshFlags = RefreshMsgFlags.HasMsgKey | RefreshMsgFlags.RefreshComplete | RefreshMsgFlags.ClearCache;
            msg.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName;
            msg.Key.ServiceId = ServiceId;
            msg.Key.Name = System.Text.Encoding.ASCII.GetBytes(name);
            msg.State = new State(StreamStates.Open, DataStates.Ok);
        }
        msg.EncodedDataBody = payload;
        return MsgEncoder.Encode(ref e, msg);
    });

    private static ReadOnlySpan<byte> EncodeAck(byte[] buffer, int streamId, uint ackId)
    {
        var encoder = new RwfEncoder(buffer);
        var ack = Msg.Create(MsgClass.Ack, DomainTypes.MarketPrice, streamId);
        ack.AckId = ackId;
        return MsgEncoder.Encode(ref encoder, ack) == CodecReturnCode.Success
            ? buffer.AsSpan(0, encoder.Position)
            : throw new InvalidOperationException("the ack does not encode");
    }

    private static void AssertAck(byte[] encoded, int streamId, uint ackId)
    {
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg ack));
        Assert.Equal(MsgClass.Ack, ack.MsgClass);
        Assert.Equal(streamId, ack.StreamId);
        Assert.Equal(ackId, ack.AckId);
    }

    private static int StreamIdOf(byte[] encoded)
    {
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg msg));
        return msg.StreamId;
    }

    private static uint PostIdOf(byte[] encoded)
    {
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg post));
        Assert.Equal(MsgClass.Post, post.MsgClass);
        Assert.True((post.PostFlags & PostMsgFlags.HasPostId) != 0);
        return post.PostId;
    }
}
