using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.TestSupport;
using PerfTools.PerfHub.Network;
using PerfTools.PerfHub.Options;
using PerfTools.PerfHub.Routing;
using Xunit;

namespace PerfTools.Tests.PerfHub;

/// <summary>The router on in-memory outputs: request aggregation, answers from the cache, posts, and the steady-state paths' allocations.</summary>
[Collection(AllocationCollection.Name)]
public sealed class RouterTests
{
    private readonly HubRouter _router;
    private readonly List<string> _log = [];

    public RouterTests() => _router = new HubRouter(new HubState(new PerfHubOptions(), _log.Add));

    [Fact]
    public void Two_consumers_on_one_item_share_one_upstream_stream_and_both_get_every_update()
    {
        (Peer upstream, FakeOutput toUpstream) = Connect(ChannelRole.Upstream);
        Assert.Single(toUpstream.Sent); // the hub's login
        _router.OnMessage(upstream, LoginRefresh(1));
        _router.OnMessage(upstream, Wire.Directory(2, 7, "DIRECT_FEED", solicited: true));
        toUpstream.Clear();

        (Peer first, FakeOutput toFirst) = LoggedInConsumer();
        (Peer second, FakeOutput toSecond) = LoggedInConsumer();
        _router.OnMessage(first, Wire.ItemRequest(5, 7, "RIC.A"));
        _router.OnMessage(second, Wire.ItemRequest(9, 7, "RIC.A"));

        byte[] request = Assert.Single(toUpstream.Sent);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(request, out Msg upstreamRequest));
        Assert.Equal(MsgClass.Request, upstreamRequest.MsgClass);
        Assert.Equal("RIC.A", System.Text.Encoding.ASCII.GetString(upstreamRequest.Key.Name));
        int upstreamStream = upstreamRequest.StreamId;
        Assert.Equal(1, _router.Hub.Counters.UpstreamStreamsOpened);

        _router.OnMessage(upstream, Wire.Refresh(upstreamStream, 7, "RIC.A", 2000));
        AssertMessage(toFirst.Sent[^1], MsgClass.Refresh, 5);
        AssertMessage(toSecond.Sent[^1], MsgClass.Refresh, 9);
        _router.OnMessage(upstream, Wire.Update(upstreamStream, 2001));
        AssertMessage(toFirst.Sent[^1], MsgClass.Update, 5);
        AssertMessage(toSecond.Sent[^1], MsgClass.Update, 9);

        // A third consumer arriving later is answered from the cache, with the update merged into the image.
        (Peer third, FakeOutput toThird) = LoggedInConsumer();
        toUpstream.Clear();
        _router.OnMessage(third, Wire.ItemRequest(3, 7, "RIC.A"));
        Assert.Empty(toUpstream.Sent);
        Assert.Equal(2001, BidOf(toThird.Sent[^1]));
    }

    [Fact]
    public void A_post_on_an_NI_item_updates_the_cache_and_reaches_every_subscriber_with_its_timestamp()
    {
        (Peer provider, _) = PublishingProvider();
        (Peer poster, FakeOutput toPoster) = LoggedInConsumer();
        (Peer watcher, FakeOutput toWatcher) = LoggedInConsumer();
        _router.OnMessage(poster, Wire.ItemRequest(4, 1, "ITEM1"));
        _router.OnMessage(watcher, Wire.ItemRequest(6, 1, "ITEM1"));

        _router.OnMessage(poster, Wire.Post(4, ask: 777, stamp: 123456789));

        foreach ((FakeOutput output, int streamId) in new[] { (toPoster, 4), (toWatcher, 6) })
        {
            Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(output.Sent[^1], out Msg update));
            Assert.Equal(MsgClass.Update, update.MsgClass);
            Assert.Equal(streamId, update.StreamId);
            Assert.True((update.UpdateFlags & UpdateMsgFlags.HasPostUserInfo) != 0);
            Assert.Equal(42u, update.PostUserInfo.UserId);
            Assert.Equal(123456789ul, UIntOf(update.EncodedDataBody, 3903));
        }
        // The cache holds the posted ASK: a new consumer's image has it.
        (Peer late, FakeOutput toLate) = LoggedInConsumer();
        _router.OnMessage(late, Wire.ItemRequest(8, 1, "ITEM1"));
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(toLate.Sent[^1], out Msg image));
        Assert.True(FieldOf(image.EncodedDataBody, 25, out ReadOnlySpan<byte> ask));
        Assert.Equal(CodecReturnCode.Success, Real.Decode(ask, out Real askValue));
        Assert.Equal(777, askValue.Value);
        GC.KeepAlive(provider);
    }

    [Fact]
    public void An_item_no_provider_published_gets_a_closed_not_found_status()
    {
        PublishingProvider();
        (Peer consumer, FakeOutput toConsumer) = LoggedInConsumer();
        _router.OnMessage(consumer, Wire.ItemRequest(5, 1, "NOPE"));
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(toConsumer.Sent[^1], out Msg status));
        Assert.Equal(MsgClass.Status, status.MsgClass);
        Assert.Equal(StreamStates.Closed, status.State.StreamState);
        Assert.Equal(StateCodes.NotFound, status.State.Code);
        Assert.Equal(1, _router.Hub.Counters.ItemsNotFound);
    }

    [Theory]
    [InlineData(true, false)]
    [InlineData(false, false)]
    [InlineData(true, true)]
    public void A_service_name_already_provided_under_another_id_is_refused_and_said(bool upstreamFirst, bool addedByUpdate)
    {
        (Peer first, _) = Connect(upstreamFirst ? ChannelRole.Upstream : ChannelRole.NiProvider);
        _router.OnMessage(first, upstreamFirst ? LoginRefresh(1) : Wire.Login(1, LoginRoles.Provider));
        _router.OnMessage(first, Wire.Directory(upstreamFirst ? 2 : -1, 1, "DIRECT_FEED", solicited: upstreamFirst));
        // LSEG C's rsslNIProvPerf publishes DIRECT_FEED by default: given only another -serviceId, it names the same service.
        (Peer second, _) = Connect(ChannelRole.NiProvider);
        _router.OnMessage(second, Wire.Login(1, LoginRoles.Provider));
        _router.OnMessage(second, addedByUpdate ? Wire.DirectoryAdd(-1, 2, "DIRECT_FEED") : Wire.Directory(-1, 2, "DIRECT_FEED", solicited: false));

        Assert.Contains(_log, line => line == $"PerfHub: ignored a service of {second.Name}: service name DIRECT_FEED is already provided by {first.Name} as service id 1.");
        Assert.Single(_log, line => line.EndsWith(" provides DIRECT_FEED (1).", StringComparison.Ordinal)); // the first's only
        (Peer consumer, FakeOutput toConsumer) = LoggedInConsumer();
        _router.OnMessage(consumer, Wire.DirectoryRequest(2));
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(toConsumer.Sent[^1], out Msg answer));
        var directory = new DirectoryRefresh();
        Assert.Equal(CodecReturnCode.Success, directory.Decode(answer));
        Assert.Equal(1, Assert.Single(directory.Services).ServiceId);
    }

    [Fact]
    public void A_lost_NI_provider_leaves_its_items_suspect_and_its_service_down()
    {
        (Peer provider, _) = PublishingProvider();
        (Peer consumer, FakeOutput toConsumer) = LoggedInConsumer();
        _router.OnMessage(consumer, Wire.DirectoryRequest(2));
        _router.OnMessage(consumer, Wire.ItemRequest(5, 1, "ITEM1"));
        toConsumer.Clear();

        _router.OnLost(provider);

        Assert.Contains(toConsumer.Sent, m => MsgDecoder.Decode(m, out Msg s) == CodecReturnCode.Success
            && s.MsgClass == MsgClass.Status && s.StreamId == 5 && s.State.StreamState == StreamStates.Open && s.State.DataState == DataStates.Suspect);
        byte[] directory = Assert.Single(toConsumer.Sent, m => MsgDecoder.Decode(m, out Msg d) == CodecReturnCode.Success && d.StreamId == 2);
        MsgDecoder.Decode(directory, out Msg update);
        var decoded = new DirectoryUpdate();
        decoded.Decode(update);
        Assert.False(Assert.Single(decoded.Services).State!.IsUp);
    }

    [Fact]
    public void Applying_an_update_to_the_cache_and_fanning_it_out_allocates_nothing()
    {
        (Peer provider, _) = PublishingProvider();
        var outputs = new List<FakeOutput>();
        for (int i = 0; i < 5; i++)
        {
            (Peer consumer, FakeOutput output) = LoggedInConsumer();
            _router.OnMessage(consumer, Wire.ItemRequest(5, 1, "ITEM1"));
            output.Keep = false;
            outputs.Add(output);
        }
        byte[] update = Wire.Update(-1, 4321);
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 100; i++)
                _router.OnMessage(provider, update);
        });
        Assert.All(outputs, o => Assert.True(o.Count >= 200));
        Assert.True(_router.Hub.Counters.FanOut >= 1000);
    }

    [Fact]
    public void Applying_a_post_and_fanning_it_out_allocates_nothing()
    {
        PublishingProvider();
        (Peer poster, FakeOutput toPoster) = LoggedInConsumer();
        (_, FakeOutput toWatcher) = LoggedInConsumer();
        _router.OnMessage(poster, Wire.ItemRequest(4, 1, "ITEM1"));
        _router.OnMessage(_router.Hub.Consumers[1], Wire.ItemRequest(6, 1, "ITEM1"));
        toPoster.Keep = toWatcher.Keep = false;
        byte[] post = Wire.Post(4, 555, 99);
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 100; i++)
                _router.OnMessage(poster, post);
        });
        Assert.True(toWatcher.Count >= 200);
    }

    [Fact]
    public void Images_that_find_no_output_buffer_are_queued_and_each_written_once_before_any_update_on_its_stream()
    {
        const int Items = 40;
        const int BuffersPerPass = 3;
        (Peer provider, _) = PublishingProvider(Items);
        (Peer consumer, FakeOutput output) = LoggedInConsumer();
        output.Clear();
        output.FreeBuffers = BuffersPerPass;
        for (int i = 1; i <= Items; i++)
            _router.OnMessage(consumer, Wire.ItemRequest(100 + i, 1, $"ITEM{i}"));

        // Each pass of the loop: the flush frees a few buffers, what is owed goes first, then every item updates.
        for (int pass = 0; pass < 10 * Items && _router.Hub.Counters.ImagesFromCache < Items; pass++)
        {
            output.FreeBuffers = BuffersPerPass;
            _router.RetryPending(consumer);
            for (int i = 1; i <= Items; i++)
                _router.OnMessage(provider, Wire.Update(-i, 5000 + pass));
        }
        output.FreeBuffers = null;
        for (int i = 1; i <= Items; i++)
            _router.OnMessage(provider, Wire.Update(-i, 9999));

        var firstOnStream = new Dictionary<int, MsgClass>();
        var refreshes = new Dictionary<int, int>();
        foreach (byte[] sent in output.Sent)
        {
            Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(sent, out Msg msg));
            firstOnStream.TryAdd(msg.StreamId, msg.MsgClass);
            if (msg.MsgClass == MsgClass.Refresh)
            {
                Assert.True((msg.RefreshFlags & RefreshMsgFlags.Solicited) != 0);
                refreshes[msg.StreamId] = refreshes.GetValueOrDefault(msg.StreamId) + 1;
            }
        }
        Assert.Equal(Items, refreshes.Count);
        Assert.All(refreshes.Values, count => Assert.Equal(1, count));
        Assert.All(firstOnStream.Values, first => Assert.Equal(MsgClass.Refresh, first));
        Assert.Equal(Items, _router.Hub.Counters.ImagesFromCache);
        Assert.Equal(Items - BuffersPerPass, _router.Hub.Counters.ImagesQueued);
        Assert.False(consumer.Pending.Any);
    }

    [Fact]
    public void Images_wait_while_the_consumers_output_holds_a_backlog_and_updates_on_streams_with_images_do_not()
    {
        (Peer provider, _) = PublishingProvider(2);
        (Peer consumer, FakeOutput output) = LoggedInConsumer();
        output.Clear();
        _router.OnMessage(consumer, Wire.ItemRequest(101, 1, "ITEM1"));
        output.Backlog = HubState.ImageBacklogBytes;
        _router.OnMessage(consumer, Wire.ItemRequest(102, 1, "ITEM2"));
        _router.OnMessage(provider, Wire.Update(-1, 7));
        _router.OnMessage(provider, Wire.Update(-2, 8));
        _router.RetryPending(consumer);
        Assert.Equal(2, output.Sent.Count);
        AssertMessage(output.Sent[0], MsgClass.Refresh, 101);
        AssertMessage(output.Sent[1], MsgClass.Update, 101);
        Assert.True(consumer.Pending.Any);

        output.Backlog = HubState.ImageBacklogBytes - 1;
        _router.RetryPending(consumer);
        Assert.Equal(3, output.Sent.Count);
        AssertMessage(output.Sent[2], MsgClass.Refresh, 102);
        Assert.False(consumer.Pending.Any);
    }

    [Fact]
    public void A_login_refresh_and_a_not_found_status_that_find_no_buffer_are_written_on_a_later_pass()
    {
        PublishingProvider();
        (Peer consumer, FakeOutput output) = Connect(ChannelRole.Consumer);
        output.FreeBuffers = 0;
        _router.OnMessage(consumer, Wire.Login(1, LoginRoles.Consumer));
        _router.OnMessage(consumer, Wire.ItemRequest(5, 1, "NOPE"));
        _router.RetryPending(consumer);
        Assert.Empty(output.Sent);

        output.FreeBuffers = 1;
        _router.RetryPending(consumer);
        AssertMessage(Assert.Single(output.Sent), MsgClass.Refresh, 1);
        output.FreeBuffers = 1;
        _router.RetryPending(consumer);
        Assert.Equal(2, output.Sent.Count);
        AssertMessage(output.Sent[1], MsgClass.Status, 5);
        Assert.False(consumer.Pending.Any);
    }

    private (Peer, FakeOutput) Connect(ChannelRole role) => FakeOutput.Connect(_router, role);

    private (Peer, FakeOutput) LoggedInConsumer()
    {
        (Peer consumer, FakeOutput output) = Connect(ChannelRole.Consumer);
        _router.OnMessage(consumer, Wire.Login(1, LoginRoles.Consumer));
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(output.Sent[^1], out Msg refresh));
        Assert.Equal(MsgClass.Refresh, refresh.MsgClass);
        return (consumer, output);
    }

    private (Peer, FakeOutput) PublishingProvider(int items = 1)
    {
        (Peer provider, FakeOutput output) = Connect(ChannelRole.NiProvider);
        _router.OnMessage(provider, Wire.Login(1, LoginRoles.Provider));
        _router.OnMessage(provider, Wire.Directory(-1, 1, "TEST_FEED", solicited: false));
        for (int i = 1; i <= items; i++)
            _router.OnMessage(provider, Wire.Refresh(-i, 1, $"ITEM{i}", 1000 + i));
        Assert.Null(provider.CloseRequest);
        return (provider, output);
    }

    private static byte[] LoginRefresh(int streamId) => Wire.Encode((ref RwfEncoder e) => new LoginRefresh { StreamId = streamId }.Encode(ref e));

    private static void AssertMessage(byte[] encoded, MsgClass msgClass, int streamId)
    {
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg msg));
        Assert.Equal(msgClass, msg.MsgClass);
        Assert.Equal(streamId, msg.StreamId);
    }

    private static long BidOf(byte[] encoded)
    {
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg msg));
        Assert.True(FieldOf(msg.EncodedDataBody, 22, out ReadOnlySpan<byte> bid));
        Assert.Equal(CodecReturnCode.Success, Real.Decode(bid, out Real value));
        return value.Value;
    }

    private static ulong UIntOf(ReadOnlySpan<byte> fieldList, int fieldId)
    {
        Assert.True(FieldOf(fieldList, fieldId, out ReadOnlySpan<byte> data));
        Assert.Equal(CodecReturnCode.Success, UInt.Decode(data, out UInt value));
        return value.Value;
    }

    private static bool FieldOf(ReadOnlySpan<byte> fieldList, int fieldId, out ReadOnlySpan<byte> data)
    {
        FieldListDecoder.Decode(fieldList, out FieldListDecoder decoder);
        while (decoder.Next(out FieldEntry entry) == CodecReturnCode.Success)
        {
            if (entry.FieldId == fieldId)
            {
                data = entry.EncodedData;
                return true;
            }
        }
        data = default;
        return false;
    }
}
