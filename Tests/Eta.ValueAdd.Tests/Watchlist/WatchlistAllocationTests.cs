using Eta.Codec;
using Eta.TestSupport;
using Eta.ValueAdd.Tests.Watchlist.Support;
using Eta.ValueAdd.Watchlist;
using Xunit;
using static Eta.ValueAdd.Tests.Watchlist.Support.WatchlistMessages;

namespace Eta.ValueAdd.Tests.Watchlist;

/// <summary>Steady state through the watchlist: updates decoded and fanned out to one or several application streams allocate nothing.</summary>
[Collection(AllocationCollection.Name)]
public sealed class WatchlistAllocationTests
{
    private const int Items = 400;

    [Fact]
    public void UpdateFanOutAllocatesNothing()
    {
        var counter = new CountingListener();
        var watchlist = new ConsumerWatchlist(new WatchlistOptions { ItemCountHint = Items * 3 }, new NullChannel(), counter);
        watchlist.OnDirectory([UpService(qos: RealTime)]);

        // Half the items have one application stream (the common case), half have three.
        int appStreamId = 100;
        for (int item = 0; item < Items; item++)
        {
            int copies = item % 2 == 0 ? 1 : 3;
            for (int c = 0; c < copies; c++)
                Assert.Equal(WatchlistReturnCode.Success, watchlist.Submit(Request(appStreamId++, "ITEM" + item), Service));
            for (int c = 0; c < copies; c++)
                Assert.True(watchlist.OnProviderMsg(Refresh(5 + item)));
        }
        int expectedPerRun = Items / 2 * 1 + Items / 2 * 3;
        byte[][] updates = EncodeUpdates();

        counter.Count = 0;
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < updates.Length; i++)
            {
                MsgDecoder.Decode(updates[i], out Msg msg);
                watchlist.OnProviderMsg(msg);
            }
            watchlist.Dispatch();
        });
        Assert.True(counter.Count > 0 && counter.Count % expectedPerRun == 0, $"{counter.Count} deliveries, not a multiple of {expectedPerRun}");
    }

    private static byte[][] EncodeUpdates()
    {
        var updates = new byte[Items][];
        var buffer = new byte[256];
        for (int item = 0; item < Items; item++)
        {
            var encoder = new RwfEncoder(buffer);
            Msg update = Msg.Create(MsgClass.Update, Eta.Codec.Rdm.DomainTypes.MarketPrice, 5 + item, DataTypes.FieldList);
            Assert.Equal(CodecReturnCode.EncodeContainer, MsgEncoder.EncodeInit(ref encoder, update, out MsgEncodeState state));
            encoder.FieldListInit();
            encoder.FieldEntry(22, new Real(284856 + item, RealHints.ExponentNeg2));
            encoder.FieldListComplete(success: true);
            Assert.Equal(CodecReturnCode.Success, MsgEncoder.EncodeComplete(ref encoder, ref state, success: true));
            updates[item] = buffer.AsSpan(0, encoder.Position).ToArray();
        }
        return updates;
    }

    private sealed class NullChannel : IWatchlistChannel
    {
        public WatchlistSendResult Send(scoped in Msg msg) => WatchlistSendResult.Sent;
    }

    private sealed class CountingListener : IWatchlistListener
    {
        public long Count;

        public void OnMsg(scoped in Msg msg)
        {
            if (msg.MsgClass == MsgClass.Update)
                Count++;
        }
    }
}
