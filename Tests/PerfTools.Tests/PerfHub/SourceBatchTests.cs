using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.TestSupport;
using PerfTools.PerfHub.Network;
using PerfTools.PerfHub.Options;
using PerfTools.PerfHub.Routing;
using PerfTools.PerfHub.Run;
using Xunit;

namespace PerfTools.Tests.PerfHub;

/// <summary>
/// The loop's batch of a source's messages (loaded ahead, then handled together): what it changes must be only when
/// messages are handled, never their order, what they do, or a close the router asks for; and it allocates nothing.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class SourceBatchTests
{
    private const int ServiceId = 1;
    private const int Items = 10;
    private readonly HubRouter _router = new(new HubState(new PerfHubOptions(), _ => { }));
    private readonly SourceBatch _batch;

    public SourceBatchTests() => _batch = new SourceBatch(_router);

    [Fact]
    public void Updates_are_handled_in_the_order_read_when_the_batch_fills_or_the_slice_ends()
    {
        Peer provider = Publisher(out FakeOutput toConsumer);
        int total = SourceBatch.MaxMessages + 7;
        for (int i = 0; i < total; i++)
        {
            Assert.True(_batch.Add(provider, Wire.Update(-(1 + i % Items), 3000 + i)));
            // Held until the batch is full.
            Assert.Equal(i < SourceBatch.MaxMessages ? 0 : SourceBatch.MaxMessages, toConsumer.Count);
        }
        Assert.True(_batch.Handle());

        Assert.Equal(Enumerable.Range(3000, total).Select(b => (long)b), toConsumer.Sent.Select(Wire.BidOfUpdate));
        Assert.Equal(Enumerable.Range(0, total).Select(i => 100 + i % Items), toConsumer.Sent.Select(StreamIdOf));
    }

    [Fact]
    public void A_message_that_does_not_decode_closes_the_source_and_what_follows_it_in_the_batch_is_not_handled()
    {
        Peer provider = Publisher(out FakeOutput toConsumer);
        Assert.True(_batch.Add(provider, Wire.Update(-1, 1)));
        Assert.True(_batch.Add(provider, [0x00, 0x03, 0xFF]));
        Assert.True(_batch.Add(provider, Wire.Update(-2, 2)));

        Assert.False(_batch.Handle());

        Assert.NotNull(provider.CloseRequest);
        Assert.Equal([1L], toConsumer.Sent.Select(Wire.BidOfUpdate));
    }

    [Fact]
    public void A_full_batch_that_closes_its_source_stops_the_read_slice()
    {
        Peer provider = Publisher(out _);
        for (int i = 0; i < SourceBatch.MaxMessages - 1; i++)
            Assert.True(_batch.Add(provider, Wire.Update(-1, i)));
        Assert.True(_batch.Add(provider, [0x00, 0x03, 0xFF]));

        Assert.False(_batch.Add(provider, Wire.Update(-1, 99))); // the batch was full: handled, and the source must close
    }

    [Fact]
    public void Another_sources_message_first_handles_what_the_batch_holds()
    {
        Peer first = Publisher(out FakeOutput toConsumer);
        (Peer second, _) = FakeOutput.Connect(_router, ChannelRole.NiProvider);
        Assert.True(_batch.Add(first, Wire.Update(-1, 11)));
        Assert.True(_batch.Add(first, Wire.Update(-2, 12)));

        Assert.True(_batch.Add(second, Wire.Login(1, LoginRoles.Provider)));

        Assert.Equal([11L, 12L], toConsumer.Sent.Select(Wire.BidOfUpdate));
        Assert.False(second.LoggedIn);
        Assert.True(_batch.Handle());
        Assert.True(second.LoggedIn);
    }

    [Fact]
    public void Batching_and_handling_updates_allocates_nothing()
    {
        Peer provider = Publisher(out FakeOutput toConsumer);
        toConsumer.Keep = false;
        byte[][] updates = Enumerable.Range(0, Items).Select(i => Wire.Update(-(1 + i), 5_000 + i)).ToArray();
        AllocationAssert.None(() =>
        {
            for (int round = 0; round < 50; round++)
            {
                foreach (byte[] update in updates)
                    _batch.Add(provider, update);
                _batch.Handle();
            }
        });
        // Every run handled every update (the proof runs the work several times).
        Assert.True(toConsumer.Count > 0 && toConsumer.Count % (50 * Items) == 0, $"{toConsumer.Count} updates fanned out");
    }

    // An NI provider publishing Items items (streams -1 … -Items), each with one consumer stream (100 …).
    private Peer Publisher(out FakeOutput toConsumer)
    {
        (Peer provider, _) = FakeOutput.Connect(_router, ChannelRole.NiProvider);
        _router.OnMessage(provider, Wire.Login(1, LoginRoles.Provider));
        _router.OnMessage(provider, Wire.Directory(-1, ServiceId, "NI_PUB", solicited: false));
        (Peer consumer, toConsumer) = FakeOutput.Connect(_router, ChannelRole.Consumer);
        _router.OnMessage(consumer, Wire.Login(1, LoginRoles.Consumer));
        for (int i = 0; i < Items; i++)
        {
            _router.OnMessage(provider, Wire.Refresh(-(1 + i), ServiceId, $"RIC{i}", 1000));
            _router.OnMessage(consumer, Wire.ItemRequest(100 + i, ServiceId, $"RIC{i}"));
        }
        Assert.Null(provider.CloseRequest);
        toConsumer.Clear();
        return provider;
    }

    private static int StreamIdOf(byte[] message)
    {
        MsgDecoder.Decode(message, out Msg msg);
        return msg.StreamId;
    }
}
