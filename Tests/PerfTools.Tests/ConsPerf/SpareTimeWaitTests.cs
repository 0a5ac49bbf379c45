using Eta.Codec;
using PerfTools.Common.Items;
using PerfTools.Common.Network;
using PerfTools.ConsPerf.Network;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Run;
using PerfTools.ConsPerf.Session;
using PerfTools.ConsPerf.Statistics;
using PerfTools.Tests.Network;
using Xunit;

namespace PerfTools.Tests.ConsPerf;

/// <summary>
/// The consumer thread's wake-ups: once its ticks have no work left, its wait for input runs to the next ping check
/// (at most <see cref="SpareTimeWait.MaxIdleWait"/>) instead of ending at every tick, and the ping check still comes
/// once a second of ticks.
/// </summary>
public sealed class SpareTimeWaitTests
{
    private static readonly TimeSpan Tick = TimeSpan.FromMilliseconds(1);
    private static readonly TimeSpan Rest = TimeSpan.FromMicroseconds(400); // what is left of the current tick

    [Fact]
    public void While_ticks_have_work_the_wait_ends_at_the_next_tick()
    {
        var wait = new SpareTimeWait(1000);
        wait.OnTick(10);
        Assert.Equal(Rest, wait.For(Rest, ticksHaveWork: true));
        Assert.Equal(TimeSpan.Zero, wait.For(TimeSpan.Zero, ticksHaveWork: true));
    }

    [Fact]
    public void Without_work_the_wait_runs_to_the_ping_check_at_most_the_idle_cap()
    {
        var wait = new SpareTimeWait(1000);
        Assert.True(wait.OnTick(0)); // the next check is at tick 1000
        Assert.Equal(SpareTimeWait.MaxIdleWait, wait.For(Rest, ticksHaveWork: false));
        Assert.False(wait.OnTick(950));
        Assert.Equal(Rest + 49 * Tick, wait.For(Rest, ticksHaveWork: false)); // ticks 952..1000 begin 1..49 ms after 951
        Assert.False(wait.OnTick(999));
        Assert.Equal(Rest, wait.For(Rest, ticksHaveWork: false)); // the next tick is the check's
    }

    [Fact]
    public void The_ping_check_is_due_once_per_tick_rate_ticks_even_when_ticks_are_skipped()
    {
        var wait = new SpareTimeWait(100);
        Assert.True(wait.OnTick(0));
        for (long tick = 1; tick < 100; tick++)
            Assert.False(wait.OnTick(tick));
        Assert.True(wait.OnTick(100));
        Assert.True(wait.OnTick(250)); // 200 was skipped by a tick loop catching up: checked at the first tick after
        Assert.False(wait.OnTick(349));
        Assert.True(wait.OnTick(350));
    }

    [Fact]
    public void A_session_has_tick_work_until_the_service_is_up_and_every_item_requested_unless_it_posts()
    {
        ConsumerSession quiet = Session(new ConsPerfOptions(), items: []);
        Assert.True(quiet.TicksHaveWork); // no service yet: requests to come
        quiet.OnServiceReady(1);
        Assert.False(quiet.TicksHaveWork);

        ConsumerSession requesting = Session(new ConsPerfOptions(), [new ItemSpec("RDT1", ItemDomain.MarketPrice, true, false, false, 1)]);
        requesting.OnServiceReady(1);
        Assert.True(requesting.TicksHaveWork); // one item still to request

        ConsumerSession posting = Session(new ConsPerfOptions { PostingRate = 10 },
            [new ItemSpec("RDT1", ItemDomain.MarketPrice, true, true, false, 1)]);
        posting.OnServiceReady(1);
        Assert.True(posting.TicksHaveWork);
    }

    [Fact]
    public void The_session_lets_its_channel_wait_long_once_idle_and_only_to_the_tick_while_it_has_work()
    {
        using var idlePair = ChannelPair.Open();
        ConsumerChannel idleChannel = ConsumerChannel.Over(idlePair.Reader, new ConsPerfOptions(), json: null);
        ConsumerSession idle = Session(new ConsPerfOptions(), items: []);
        idle.UseChannel(idleChannel);
        idle.OnServiceReady(1);
        idle.OnTick(0);
        idle.OnSpareTime(Rest); // the channel's first read does not wait (input may be buffered from the handshake)
        Assert.Equal(SpareTimeWait.MaxIdleWait, idleChannel.LastWaitLimit);

        using var busyPair = ChannelPair.Open();
        ConsumerChannel busyChannel = ConsumerChannel.Over(busyPair.Reader, new ConsPerfOptions(), json: null);
        ConsumerSession busy = Session(new ConsPerfOptions(), [new ItemSpec("RDT1", ItemDomain.MarketPrice, false, false, false, 1)]);
        busy.UseChannel(busyChannel);
        busy.OnSpareTime(Rest); // no service yet: requests to come
        Assert.Equal(Rest, busyChannel.LastWaitLimit);
    }

    private static ConsumerSession Session(ConsPerfOptions options, ItemSpec[] items) =>
        new(1, options, new ConsumerResources(new DataDictionary(), [items], contentEncoder: null),
            items, new ConsumerThreadStats(1, items.Length), new ConnectFailures("localhost", "0"), _ => { });
}
