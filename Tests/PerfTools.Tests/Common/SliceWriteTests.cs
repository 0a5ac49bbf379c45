using System.Diagnostics;
using System.Net.Sockets;
using PerfTools.Common.Omm;
using PerfTools.Common.Provider;
using PerfTools.Common.Timing;
using PerfTools.Tests.Network;
using Xunit;

namespace PerfTools.Tests.Common;

/// <summary>
/// The provider channel's high-water mark is <c>-highWaterMark</c>, 0 meaning the guide's 6144 bytes. With a mark
/// above a slice of the update burst (<see cref="PublishingSession.MinSliceUpdates"/> updates, <see cref="UpdateSlices"/>) the slice leaves in one
/// write when it ends; at the guide's default the transport writes it every 40 or so updates, as LSEG's tools do.
/// </summary>
public sealed class SliceWriteTests
{
    private static readonly TimeSpan Deadline = TimeSpan.FromSeconds(30);
    private const int UpdateLength = 150; // about an update of LSEG's MsgData.xml with its header

    [Fact]
    public void Under_a_high_water_mark_above_the_slice_the_updates_reach_the_consumer_only_when_the_slice_ends()
    {
        using var pair = ChannelPair.Open();
        using var channel = Provider(pair, highWaterMark: 65536);

        SendSlice(channel);

        // Loopback delivers a write before the call returns: nothing readable means nothing was written.
        Assert.False(pair.Reader.Socket.Poll(0, SelectMode.SelectRead), "updates were written before the slice ended");
        Assert.True(channel.EndBurst());
        Assert.Equal(PublishingSession.MinSliceUpdates, Receive(pair, PublishingSession.MinSliceUpdates));
    }

    [Fact]
    public void At_the_guides_default_of_0_the_transport_flushes_every_6144_bytes_within_the_slice()
    {
        using var pair = ChannelPair.Open();
        using var channel = Provider(pair, highWaterMark: 0);

        SendSlice(channel);

        Assert.True(pair.Reader.Socket.Poll(0, SelectMode.SelectRead), "nothing was written before the slice ended: -highWaterMark 0 is not the guide's 6144 bytes");
        Assert.True(channel.EndBurst());
        Assert.Equal(PublishingSession.MinSliceUpdates, Receive(pair, PublishingSession.MinSliceUpdates));
    }

    // 1 M/s at 1,000 ticks/s: 1,000 updates a tick in 3 slices of 333.
    [Fact]
    public void At_the_guides_default_a_slice_runs_on_to_the_transports_next_write_so_its_end_writes_nothing_more()
    {
        using var pair = ChannelPair.Open();
        using var channel = Provider(pair, highWaterMark: 0);
        var (bursts, session, stats) = Publisher(channel);

        Assert.True(bursts.StartUpdates(session, 0, 0));
        int sent = (int)stats.Updates.Total;
        Assert.InRange(sent, 1000 / 3 + 1, 2 * (1000 / 3)); // past its 333, to the next write
        Assert.Equal(0, channel.UnwrittenMessages);
        // Nothing waits under the mark for the slice's end: the consumer can read every update already.
        Assert.Equal(sent, Receive(pair, sent));
    }

    [Fact]
    public void Under_a_high_water_mark_above_the_slice_a_slice_is_its_own_count()
    {
        using var pair = ChannelPair.Open();
        using var channel = Provider(pair, highWaterMark: 65536);
        var (bursts, session, stats) = Publisher(channel);

        Assert.True(bursts.StartUpdates(session, 0, 0));
        Assert.Equal(1000 / 3, stats.Updates.Total);
        Assert.Equal(1000 / 3, channel.UnwrittenMessages);
    }

    private static (BurstSender, PublishingSession, PublishingStats) Publisher(PublishingChannel channel)
    {
        var stats = new PublishingStats();
        var session = new PublishingSession(channel, new MessagePacer(1_000_000, 0, 1000), null);
        for (int i = 1; i <= 1000; i++)
        {
            byte[] name = System.Text.Encoding.ASCII.GetBytes("RDT" + i);
            session.Items.Open(new ItemStream(i, ItemKey.From(name, 1), name, 1, streaming: true));
        }
        while (session.Items.TryDequeueRefresh(out ItemStream item))
            session.Items.RefreshSent(item);
        var encoder = new MarketPriceEncoder(Xml.MsgDataLoaderTests.RepoMsgData());
        return (new BurstSender(encoder, stats, solicitedRefreshes: true), session, stats);
    }

    private static PublishingChannel Provider(ChannelPair pair, int highWaterMark)
    {
        var options = new PublishingOptions(DirectWrite: false, MaxPackCount: 1, PackBufSize: 6000, HighWaterMark: highWaterMark);
        var channel = new PublishingChannel(pair.Writer, "consumer", options, new PublishingStats());
        Assert.Equal(ConnectionProgress.Active, channel.Initialize());
        return channel;
    }

    private static void SendSlice(PublishingChannel channel)
    {
        byte[] update = new byte[UpdateLength];
        Random.Shared.NextBytes(update);
        Assert.True(PublishingSession.MinSliceUpdates * UpdateLength > 2 * 6144, "the slice must span several of the transport's own high-water marks");
        for (int i = 0; i < PublishingSession.MinSliceUpdates; i++)
        {
            Span<byte> space = channel.Reserve(update.Length);
            Assert.True(space.Length >= update.Length);
            update.CopyTo(space);
            Assert.True(channel.Send(update.Length));
        }
    }

    private static int Receive(ChannelPair pair, int expected)
    {
        int received = 0;
        var clock = Stopwatch.StartNew();
        while (received < expected && clock.Elapsed < Deadline)
        {
            pair.Reader.Socket.Poll(100_000, SelectMode.SelectRead);
            received += pair.ReadAvailable();
        }
        return received;
    }
}
