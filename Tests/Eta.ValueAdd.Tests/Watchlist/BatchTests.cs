using System.Text;
using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.Transport;
using Eta.ValueAdd.Tests.Watchlist.Support;
using Eta.ValueAdd.Watchlist;
using Xunit;
using static Eta.ValueAdd.Tests.Watchlist.Support.WatchlistMessages;

namespace Eta.ValueAdd.Tests.Watchlist;

/// <summary>
/// Batch requests as LSEG's watchlist handles them: an element list payload with an <c>:ItemList</c> array of names
/// (no name in the key) becomes one request per name on the streams after the batch's, and the batch stream gets a
/// Closed/Ok status "Stream closed for batch" on the next dispatch.
/// </summary>
public sealed class BatchTests
{
    [Fact]
    public void A_batch_opens_one_stream_per_name_after_its_own_and_closes_its_own()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));

        h.Submit(Batch(20, "TRI.N", "IBM.N", "MSFT.O"));

        Assert.Equal([(MsgClass.Request, 5, "TRI.N"), (MsgClass.Request, 6, "IBM.N"), (MsgClass.Request, 7, "MSFT.O")],
            h.Provider.Take().Select(m => (m.Class, m.StreamId, m.Name)));
        Assert.Empty(h.App.Received);                           // the batch's status waits for the dispatch
        Assert.Equal(3, h.Watchlist.RequestCount);

        h.Watchlist.Dispatch();
        DeliveredMsg closed = Assert.Single(h.App.Take());
        Assert.Equal((MsgClass.Status, 20, StreamStates.Closed, DataStates.Ok, "Stream closed for batch"),
            (closed.Class, closed.StreamId, closed.StreamState, closed.DataState, closed.Text));

        h.FromProvider(Refresh(6, "ibm"));
        h.FromProvider(Refresh(5, "tri"));
        h.FromProvider(Update(7, "msft-tick"));               // no refresh yet on 7: nothing delivered
        h.FromProvider(Refresh(7, "msft"));
        Assert.Equal([(MsgClass.Refresh, 22, "ibm"), (MsgClass.Refresh, 21, "tri"), (MsgClass.Refresh, 23, "msft")],
            h.App.Take().Select(m => (m.Class, m.StreamId, m.Body)));

        h.Submit(Close(22));                                     // each item stream is the application's own
        Assert.Equal([(MsgClass.Close, 6)], h.Provider.Take().Select(m => (m.Class, m.StreamId)));
        h.Watchlist.Dispatch();
        Assert.Empty(h.App.Received);                           // the batch status is delivered once
    }

    [Fact]
    public void Batch_items_aggregate_with_streams_already_open()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));
        h.Submit(Request(10, "TRI.N"));
        h.FromProvider(Refresh(5, "image"));
        h.Provider.Take();
        h.App.Take();

        h.Submit(Batch(30, "TRI.N", "IBM.N"));

        List<SentMsg> sent = h.Provider.Take();
        Assert.Equal([(5, "TRI.N", 2), (6, "IBM.N", 1)], sent.Select(m => (m.StreamId, m.Name, m.PriorityCount)));
        Assert.Equal(2, h.Watchlist.ProviderStreamCount);
        h.FromProvider(Refresh(5, "again"));
        Assert.Equal([(MsgClass.Refresh, 31, "again")], h.App.Take().Select(m => (m.Class, m.StreamId, m.Body)));
    }

    [Fact]
    public void A_batch_whose_item_streams_are_taken_opens_nothing()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));
        h.Submit(Request(22, "IBM.N"));
        h.Provider.Take();

        WatchlistReturnCode rc = h.Watchlist.Submit(Batch(20, "TRI.N", "IBM.N"), "DIRECT_FEED");

        Assert.Equal(WatchlistReturnCode.InvalidUsage, rc);
        Assert.Equal("Item in batch has same ID as existing stream.", h.Watchlist.LastError);
        Assert.Empty(h.Provider.Take());
        Assert.Equal(1, h.Watchlist.RequestCount);
        h.Watchlist.Dispatch();
        Assert.Empty(h.App.Received);
    }

    [Fact]
    public void Malformed_batches_are_refused_with_LSEGs_reasons()
    {
        var h = new WatchlistHarness();
        h.Directory(UpService(qos: RealTime));

        Msg named = Batch(20, "TRI.N");
        named.Key.Flags |= MsgKeyFlags.HasName;
        named.Key.Name = "X"u8.ToArray();
        Assert.Equal("Requested batch has name in message key.", Refusal(h, named));

        Msg noList = Batch(20);
        noList.EncodedDataBody = ElementList((ref RwfEncoder e) => e.ElementEntry(ElementNames.ViewType, DataTypes.UInt, [1]));
        Assert.Equal(":ItemList not found.", Refusal(h, noList));

        Msg opaque = Batch(20, "TRI.N");
        opaque.ContainerType = DataTypes.Opaque;
        Assert.Equal("Unexpected container type or decoding error.", Refusal(h, opaque));

        Msg numbers = Batch(20);
        numbers.EncodedDataBody = ElementList((ref RwfEncoder e) =>
        {
            e.ElementEntryInit(ElementNames.BatchItemList, DataTypes.Array);
            e.ArrayInit(DataTypes.Int, 2);
            e.ArrayEntry(new Int(22));
            e.ArrayComplete(true);
            e.ElementEntryComplete(true);
        });
        Assert.Equal("The batch's :ItemList is not an array of names.", Refusal(h, numbers));

        Assert.Empty(h.Provider.Take());
        Assert.Equal(0, h.Watchlist.RequestCount);
    }

    [Fact]
    public void A_batch_encoded_by_the_application_goes_through_the_reactor_and_over_the_wire()
    {
        using var loop = new WatchlistLoopback();
        loop.RunUntil(() => loop.App.Events.Contains(ReactorChannelEventType.ChannelReady), "the channel to be ready");

        Msg batch = Batch(100, "TRI.N", "IBM.N");
        batch.Key.Flags |= MsgKeyFlags.HasServiceId;
        batch.Key.ServiceId = Eta.ValueAdd.Tests.Support.Services.DirectFeedId;
        Assert.Equal(ReactorReturnCode.Success, loop.Channel.GetBuffer(512, packed: false, out TransportBuffer? buffer));
        var encoder = new RwfEncoder(buffer!.Data);
        Assert.Equal(CodecReturnCode.Success, MsgEncoder.Encode(ref encoder, batch));
        buffer.Length = encoder.Position;
        Assert.Equal(ReactorReturnCode.Success, loop.Channel.Submit(buffer));

        loop.RunUntil(() => loop.App.Messages.Count == 3, "the batch status and two refreshes");
        Assert.Equal([(MsgClass.Request, 5), (MsgClass.Request, 6)], loop.Provider.Received.Select(m => (m.Class, m.StreamId)));
        Assert.Equal(
            [(MsgClass.Status, 100, 100, StreamStates.Closed), (MsgClass.Refresh, 101, 101, StreamStates.Open), (MsgClass.Refresh, 102, 102, StreamStates.Open)],
            loop.App.Messages.OrderBy(m => m.StreamId).Select(m => (m.Class, m.StreamId, m.BytesStreamId, m.StreamState)));
        Assert.Equal("Stream closed for batch", loop.App.Messages.Single(m => m.StreamId == 100).Text);
    }

    private static Msg Batch(int streamId, params string[] names)
    {
        Msg msg = Msg.Create(MsgClass.Request, DomainTypes.MarketPrice, streamId, DataTypes.ElementList);
        msg.RequestFlags = RequestMsgFlags.Streaming | RequestMsgFlags.HasBatch;
        msg.Key.Flags = MsgKeyFlags.HasNameType;   // as WatchlistMessages.Request's keys, so the items can aggregate with those
        msg.Key.NameType = 1;
        msg.EncodedDataBody = ElementList((ref RwfEncoder e) =>
        {
            e.ElementEntryInit(ElementNames.BatchItemList, DataTypes.Array);
            e.ArrayInit(DataTypes.AsciiString);
            foreach (string name in names)
                e.ArrayEntry(Encoding.ASCII.GetBytes(name));
            e.ArrayComplete(true);
            e.ElementEntryComplete(true);
        });
        return msg;
    }

    private delegate void Entries(ref RwfEncoder encoder);

    private static byte[] ElementList(Entries entries)
    {
        var buffer = new byte[1024];
        var encoder = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.Success, encoder.ElementListInit());
        entries(ref encoder);
        Assert.Equal(CodecReturnCode.Success, encoder.ElementListComplete(true));
        return buffer.AsSpan(0, encoder.Position).ToArray();
    }

    private static string? Refusal(WatchlistHarness h, Msg msg)
    {
        Assert.Equal(WatchlistReturnCode.InvalidUsage, h.Watchlist.Submit(msg, "DIRECT_FEED"));
        return h.Watchlist.LastError;
    }
}
