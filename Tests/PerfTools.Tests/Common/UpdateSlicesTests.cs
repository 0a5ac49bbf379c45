using Eta.Codec;
using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using PerfTools.Common.Network;
using PerfTools.Common.Omm;
using PerfTools.Common.Provider;
using PerfTools.Common.Timing;
using Xunit;

namespace PerfTools.Tests.Common;

/// <summary>
/// A tick's update burst is spread over the tick (<see cref="UpdateSlices"/>): no update is encoded, and no latency
/// update stamped, before its slice falls due, and the tick's count is exact. Sent whole at the start of the tick,
/// the burst waits in the socket buffers for a slower consumer and its later latency updates with it.
/// </summary>
public class UpdateSlicesTests
{
    private const int Rate = 1_000_000, TickRate = 1000, Burst = Rate / TickRate;
    private static readonly long TickLength = Stopwatch.Frequency / TickRate;

    [Fact]
    public void A_burst_goes_out_in_slices_as_they_fall_due_and_whole_by_the_end_of_its_tick()
    {
        var (bursts, session, sink) = Publisher(latencyRate: Rate);
        long start = 1_000_000;

        Assert.True(bursts.StartUpdates(session, 0, start));
        int slices = session.Slices.SliceCount;
        Assert.Equal(Burst / PublishingSession.MinSliceUpdates, slices);
        Assert.True(slices >= 2, $"a 1,000-update burst at 1,000 ticks/s is cut into {slices} slices");
        Assert.Equal(Burst / slices, sink.Sent);

        // Half-way through the tick: the slices begun by then, no more.
        long half = start + TickLength / 2;
        int dueAtHalf = bursts.SendDueUpdates(session, half);
        Assert.Equal(Burst * (slices / 2 + 1) / slices, sink.Sent);
        Assert.Equal(sink.Sent - Burst / slices, dueAtHalf);
        Assert.Equal(0, bursts.SendDueUpdates(session, half));
        Assert.True(session.Slices.NextSliceAt(half) > half);

        // The last slice begins before the tick ends, and with it the burst is whole.
        bursts.SendDueUpdates(session, start + TickLength - 1);
        Assert.Equal(Burst, sink.Sent);
        Assert.Equal(long.MaxValue, session.Slices.NextSliceAt(start + TickLength - 1));
    }

    [Fact]
    public void Every_latency_update_is_stamped_when_its_slice_is_sent_not_at_the_start_of_the_tick()
    {
        var (bursts, session, sink) = Publisher(latencyRate: Rate);
        long start = 5_000_000;
        Assert.True(bursts.StartUpdates(session, 0, start));
        int first = sink.Sent;
        Assert.InRange(first, 1, Burst / 2);
        long stampAfterFirstSlice = PerfTimestamp.NowMicroseconds();
        Thread.Sleep(2); // the clock moves on; stamps are the real clock's, the slices the test's
        bursts.SendDueUpdates(session, start + TickLength - 1);

        Assert.Equal(Burst, sink.Stamps.Count);
        Assert.All(sink.Stamps.Take(first), stamp => Assert.True((long)stamp <= stampAfterFirstSlice));
        Assert.All(sink.Stamps.Skip(first), stamp => Assert.True((long)stamp > stampAfterFirstSlice));
    }

    [Fact]
    public void What_a_tick_did_not_send_goes_first_in_the_next_so_every_tick_sends_its_burst()
    {
        var (bursts, session, sink) = Publisher(latencyRate: 1000);
        long now = 0;
        for (int tick = 0; tick < 3; tick++, now += TickLength)
            Assert.True(bursts.StartUpdates(session, tick, now)); // no spare time at all: only the tick starts
        int slices = session.Slices.SliceCount;
        Assert.Equal(2 * Burst + Burst / slices, sink.Sent);
    }

    [Fact]
    public void A_low_rate_is_not_cut_into_tiny_slices()
    {
        var slices = new UpdateSlices(TickRate, Stopwatch.Frequency);
        slices.BeginTick(150, 0);
        Assert.Equal(1, slices.SliceCount);
        Assert.Equal(150, slices.DueBy(0));
        slices.BeginTick(500, 0);
        Assert.Equal(500 / UpdateSlices.MinSliceUpdates, slices.SliceCount);
    }

    // Each slice costs the provider a sleep and the consumer a wake-up: 1 M/s goes in 3 slices a tick (as many waits
    // as LSEG C's provider makes), 500 k/s whole, and no slice is smaller than 300 updates until the ten-slice cap.
    // The slices are the provider's (its session's); TransportPerf keeps UpdateSlices' own minimum of 200.
    [Theory]
    [InlineData(100, 1)]
    [InlineData(500, 1)]
    [InlineData(1000, 3)]
    [InlineData(2000, 6)]
    [InlineData(3000, 10)]
    [InlineData(5000, 10)]
    public void A_providers_tick_of_updates_goes_in_as_few_slices_as_keep_each_near_300_updates(int burst, int expectedSlices)
    {
        var session = new PublishingSession(new StampingSink(), new MessagePacer(burst * TickRate, 0, TickRate), null);
        session.Slices.BeginTick(burst, 0);
        Assert.Equal(expectedSlices, session.Slices.SliceCount);
        var transportSlices = new UpdateSlices(TickRate, Stopwatch.Frequency);
        transportSlices.BeginTick(burst, 0);
        Assert.Equal(Math.Clamp(burst / 200, 1, 10), transportSlices.SliceCount);
    }

    [Fact]
    public void SocketWait_reports_only_the_sockets_that_are_ready()
    {
        using var listener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        listener.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        listener.Listen(1);
        using var client = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        client.Connect(listener.LocalEndPoint!);
        using Socket server = listener.Accept();
        var wait = new SocketWait();

        List<Socket> read = [server, client], write = [client];
        Assert.Equal(1, wait.Wait(read, write, TimeSpan.FromMicroseconds(300)));
        Assert.Empty(read);
        Assert.Equal([client], write);

        client.Send(new byte[] { 1 });
        Assert.True(wait.WaitReadable(server, TimeSpan.FromSeconds(5)));
        read = [client, server];
        Assert.Equal(1, wait.Wait(read, null, TimeSpan.FromSeconds(5)));
        Assert.Equal([server], read);
        Assert.False(wait.WaitReadable(client, TimeSpan.FromMicroseconds(200)));
    }

    private static (BurstSender, PublishingSession, StampingSink) Publisher(int latencyRate)
    {
        var encoder = new MarketPriceEncoder(Xml.MsgDataLoaderTests.RepoMsgData());
        var sink = new StampingSink();
        var session = new PublishingSession(sink, new MessagePacer(Rate, latencyRate, TickRate), null);
        for (int i = 1; i <= 100; i++)
        {
            byte[] name = System.Text.Encoding.ASCII.GetBytes("RDT" + i);
            session.Items.Open(new ItemStream(i, ItemKey.From(name, 1), name, 1, streaming: true));
        }
        while (session.Items.TryDequeueRefresh(out ItemStream item))
            session.Items.RefreshSent(item);
        return (new BurstSender(encoder, new PublishingStats(), solicitedRefreshes: true), session, sink);
    }

    // Counts what is sent and keeps each latency update's TIM_TRK_1, found as the timestamp the encoder wrote.
    private sealed class StampingSink : IMessageSink
    {
        private readonly byte[] _buffer = new byte[8192];

        public int Sent { get; private set; }

        public List<ulong> Stamps { get; } = [];

        public Span<byte> Reserve(int maxLength) => _buffer.AsSpan(0, maxLength);

        public bool Send(int length)
        {
            Sent++;
            MsgDecoder.Decode(_buffer.AsSpan(0, length), out Msg msg);
            if (LatencyTimestamp.TryFind(msg.EncodedDataBody, LatencyFieldIds.Update, out ulong stamp))
                Stamps.Add(stamp);
            return true;
        }

        public void Cancel()
        {
        }
    }
}
