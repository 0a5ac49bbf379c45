using PerfTools.Common.Omm;
using PerfTools.Common.Provider;
using PerfTools.Common.Timing;
using PerfTools.Tests.Network;
using Xunit;

namespace PerfTools.Tests.Common;

/// <summary>
/// Refreshes wait while the connection's output is backed up past <see cref="BurstSender.RefreshBacklogLimit"/>: a
/// provider sends images in all its spare time, faster than a consumer decodes them, and without the bound the image
/// phase queued megabytes ahead of the updates, so the consumer's steady state opened on that backlog.
/// </summary>
public class RefreshBacklogTests
{
    [Fact]
    public void No_refresh_is_sent_while_the_output_is_backed_up_and_none_is_lost()
    {
        var (bursts, session, sink) = Provider(items: 50);
        sink.Unsent = BurstSender.RefreshBacklogLimit + 1;

        Assert.Equal(0, bursts.SendRefreshes(session, 10));
        Assert.Equal(0, sink.Sent);
        Assert.Equal(50, session.Items.RefreshesPending);

        sink.Unsent = 0; // the socket took it
        Assert.Equal(10, bursts.SendRefreshes(session, 10));
        Assert.Equal(40, session.Items.RefreshesPending);
    }

    [Fact]
    public void A_burst_stops_at_the_refresh_that_takes_the_output_past_the_limit()
    {
        var (bursts, session, sink) = Provider(items: 1000);
        sink.KeepsWhatItIsGiven = true; // a consumer that reads nothing: every byte sent stays unsent

        int sent = bursts.SendRefreshes(session, 1000);

        Assert.InRange(sent, 1, 999);
        Assert.True(sink.Unsent > BurstSender.RefreshBacklogLimit, $"{sink.Unsent} bytes unsent after {sent} refreshes");
        Assert.True(sink.Unsent - sink.LastLength <= BurstSender.RefreshBacklogLimit,
            "the burst went on past the limit: the refresh before the last was already beyond it");
        Assert.Equal(1000 - sent, session.Items.RefreshesPending);
    }

    [Fact]
    public void Over_a_real_channel_whose_consumer_reads_nothing_the_images_stop_at_the_limit()
    {
        using var pair = ChannelPair.Open();
        var options = new PublishingOptions(DirectWrite: false, MaxPackCount: 1, PackBufSize: 6000, HighWaterMark: 0);
        using var channel = new PublishingChannel(pair.Writer, "consumer", options, new PublishingStats());
        Assert.Equal(ConnectionProgress.Active, channel.Initialize());
        var session = new PublishingSession(channel, new MessagePacer(1000, 0, 1000), null);
        OpenItems(session, 20_000);
        BurstSender bursts = Sender();

        int sent;
        do
        {
            sent = bursts.SendRefreshes(session, 1000);
            Assert.True(sent >= 0 && channel.EndBurst());
        }
        while (sent > 0);

        Assert.True(session.Items.RefreshesPending > 0, "every image went to a consumer that reads nothing");
        // Past the limit by at most the refresh that crossed it and what waits under the high-water mark.
        Assert.InRange(channel.UnsentBytes, BurstSender.RefreshBacklogLimit + 1, BurstSender.RefreshBacklogLimit + 16 * 1024);
    }

    private static (BurstSender, PublishingSession, BackedUpSink) Provider(int items)
    {
        var sink = new BackedUpSink();
        var session = new PublishingSession(sink, new MessagePacer(1000, 0, 1000), null);
        OpenItems(session, items);
        return (Sender(), session, sink);
    }

    // Items open with their refreshes queued, as a consumer's requests leave them.
    private static void OpenItems(PublishingSession session, int count)
    {
        for (int i = 1; i <= count; i++)
        {
            byte[] name = System.Text.Encoding.ASCII.GetBytes("RDT" + i);
            session.Items.Open(new ItemStream(i, ItemKey.From(name, 1), name, 1, streaming: true));
        }
    }

    private static BurstSender Sender() =>
        new(new MarketPriceEncoder(Xml.MsgDataLoaderTests.RepoMsgData()), new PublishingStats(), solicitedRefreshes: true);

    private sealed class BackedUpSink : IMessageSink
    {
        private readonly byte[] _buffer = new byte[16384];

        public int Unsent { get; set; }

        public bool KeepsWhatItIsGiven { get; set; }

        public int Sent { get; private set; }

        public int LastLength { get; private set; }

        public int UnsentBytes => Unsent;

        public Span<byte> Reserve(int maxLength) => _buffer.AsSpan(0, maxLength);

        public bool Send(int length)
        {
            Sent++;
            LastLength = length;
            if (KeepsWhatItIsGiven)
                Unsent += length;
            return true;
        }

        public void Cancel()
        {
        }
    }
}
