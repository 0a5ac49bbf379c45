using PerfTools.Common.Timing;
using Xunit;

namespace PerfTools.Tests.Common;

public sealed class TimeSlicingTests
{
    [Theory]
    [InlineData(100_000, 1000)]
    [InlineData(1500, 1000)]
    [InlineData(999, 1000)]
    [InlineData(7, 3)]
    [InlineData(1_000_003, 997)]
    [InlineData(0, 1000)]
    [InlineData(123_457, 60)]
    public void Bursts_of_a_second_add_up_to_the_rate_and_differ_by_at_most_one(int rate, int tickRate)
    {
        var plan = new BurstPlan(rate, tickRate);
        long total = 0;
        int min = int.MaxValue, max = 0;
        for (int tick = 0; tick < tickRate; tick++)
        {
            int burst = plan.BurstSize(tick);
            Assert.Equal(total, plan.FirstMessageOfTick(tick));
            total += burst;
            min = Math.Min(min, burst);
            max = Math.Max(max, burst);
        }
        Assert.Equal(rate, total);
        Assert.True(max - min <= 1, $"bursts range from {min} to {max}");
    }

    [Fact]
    public void Ticks_fall_at_fixed_intervals_regardless_of_overrun()
    {
        var clock = new FakeTimeSource();
        long start = clock.Now;
        var scheduler = new TickScheduler(clock, tickRate: 100); // 10 ms ticks
        scheduler.Start();
        Assert.Equal(start + 10_000_000, scheduler.NextTickTimestamp);

        clock.Advance(35_000_000); // the first tick overran by 25 ms
        Assert.True(scheduler.ClockTicksUntilNextTick() < 0);
        Assert.Equal(TimeSpan.Zero, scheduler.TimeUntilNextTick());
        scheduler.Advance();
        Assert.Equal(start + 20_000_000, scheduler.NextTickTimestamp); // 20 ms, not 35 + 10
        scheduler.Advance();
        scheduler.Advance();
        Assert.Equal(start + 40_000_000, scheduler.NextTickTimestamp);
        Assert.Equal(TimeSpan.FromMilliseconds(5), scheduler.TimeUntilNextTick());
        clock.Advance(4_999_950); // 50 ns left: rounds up to one 100 ns TimeSpan tick, never down to zero
        Assert.Equal(TimeSpan.FromTicks(1), scheduler.TimeUntilNextTick());
    }

    [Fact]
    public void A_loop_more_than_the_catch_up_limit_behind_skips_to_the_tick_due_now()
    {
        var clock = new FakeTimeSource();
        long start = clock.Now;
        var scheduler = new TickScheduler(clock, tickRate: 1000); // 1 ms ticks
        scheduler.Start();
        clock.Advance(50_500_000); // 50 ms behind: within the limit, made up tick by tick
        scheduler.Advance();
        Assert.Equal(1, scheduler.TickNumber);
        Assert.Equal(0, scheduler.TicksSkipped);

        clock.Advance(200_000_000); // now 250.5 ms in, 249 ticks overdue: skipped, not run back to back
        scheduler.Advance();
        Assert.Equal(250, scheduler.TickNumber);
        Assert.Equal(248, scheduler.TicksSkipped);
        Assert.Equal(start + 251_000_000, scheduler.NextTickTimestamp);
        scheduler.Advance();
        Assert.Equal(0, scheduler.TicksSkipped);
        Assert.Equal(251, scheduler.TickNumber); // on schedule again
    }

    [Fact]
    public void Tick_times_do_not_drift_when_the_interval_is_not_a_whole_number_of_clock_ticks()
    {
        var clock = new FakeTimeSource();
        long start = clock.Now;
        var scheduler = new TickScheduler(clock, tickRate: 3); // 333,333,333.3 ns
        scheduler.Start();
        for (int i = 0; i < 3 * 3600; i++)
            scheduler.Advance();
        // Tick 10801 = 3600 s + one third of a second, exactly.
        Assert.Equal(start + 3600L * 1_000_000_000 + 333_333_333, scheduler.NextTickTimestamp);
    }

    /// <summary>Ticks take <c>workPerTick</c> of fake time, except tick <c>overrunTick</c>, which takes <c>overrunWork</c>.</summary>
    private sealed class RecordingHandler(FakeTimeSource clock, long workPerTick, int stopAfterTicks, CancellationTokenSource stop,
        long overrunTick = -1, long overrunWork = 0) : ITickHandler
    {
        public List<long> TickTimes { get; } = [];
        public List<TimeSpan> SpareTimes { get; } = [];

        public void OnTick(long tickNumber)
        {
            TickTimes.Add(clock.Now);
            clock.Advance(tickNumber == overrunTick ? overrunWork : workPerTick);
            if (TickTimes.Count == stopAfterTicks)
                stop.Cancel();
        }

        public void OnSpareTime(TimeSpan untilNextTick)
        {
            SpareTimes.Add(untilNextTick);
            // A "read with timeout" that consumes all the spare time.
            clock.Advance(untilNextTick.Ticks * 100);
        }
    }

    [Fact]
    public void Tick_loop_hands_spare_time_back_and_catches_up_after_an_overrun()
    {
        const long Millisecond = 1_000_000;
        var clock = new FakeTimeSource();
        var stop = new CancellationTokenSource();
        // 10 ms ticks doing 1 ms of work, except tick 5, which takes 25 ms: it ends at 75 ms, after ticks 6 (due at
        // 60 ms) and 7 (70 ms) were due.
        var handler = new RecordingHandler(clock, workPerTick: Millisecond, stopAfterTicks: 12, stop,
            overrunTick: 5, overrunWork: 25 * Millisecond);
        new TickLoop(clock, tickRate: 100).Run(handler, stop.Token);

        // The late ticks run back to back with no spare time (6 at 75 ms, 7 at 76 ms), then tick 8 is back on the
        // fixed schedule at 80 ms: nothing is skipped and nothing shifts.
        long[] expected = [0, 10, 20, 30, 40, 50, 75, 76, 80, 90, 100, 110];
        long start = handler.TickTimes[0];
        Assert.Equal(expected, handler.TickTimes.Select(t => (t - start) / Millisecond));
        Assert.Equal(2, handler.SpareTimes.Count(t => t == TimeSpan.Zero)); // after tick 5 and after tick 6
        Assert.Contains(TimeSpan.FromMilliseconds(3), handler.SpareTimes); // tick 7 ends at 77 ms, 3 ms early
        Assert.Equal(TimeSpan.FromMilliseconds(9), handler.SpareTimes[0]);
    }

    [Fact]
    public void Poll_timeouts_round_up_to_whole_milliseconds_so_short_waits_do_not_spin()
    {
        Assert.Equal(0, PollTimeout.Microseconds(TimeSpan.Zero));
        Assert.Equal(0, PollTimeout.Microseconds(TimeSpan.FromTicks(-5)));
        Assert.Equal(1000, PollTimeout.Microseconds(TimeSpan.FromMicroseconds(300)));
        Assert.Equal(1000, PollTimeout.Microseconds(TimeSpan.FromMilliseconds(1)));
        Assert.Equal(2000, PollTimeout.Microseconds(TimeSpan.FromMicroseconds(1001)));
        Assert.Equal(1000, PollTimeout.Milliseconds(TimeSpan.FromMinutes(5)));
    }
}
