using Eta.TestSupport;
using PerfTools.Common.Timing;
using Xunit;

namespace PerfTools.Tests.Common;

[Collection(AllocationCollection.Name)]
public sealed class LatencyRandomArrayTests
{
    [Theory]
    [InlineData(100_000, 10, 1000)]
    [InlineData(100_000, 1000, 1000)]
    [InlineData(1000, 1000, 1000)]
    [InlineData(1500, 700, 1000)]
    [InlineData(10_000, 5000, 100)]
    [InlineData(10, 3, 1000)]
    [InlineData(5000, 0, 1000)]
    public void Exactly_the_latency_rate_is_met_every_second(int rate, int latencyRate, int tickRate)
    {
        var pacer = new MessagePacer(rate, latencyRate, tickRate, seed: 3);
        var firstSecondPositions = new List<int>();
        for (int second = 0; second < 20; second++)
        {
            int sent = 0, stamped = 0;
            for (int tick = 0; tick < tickRate; tick++)
            {
                int burst = pacer.BeginTick();
                for (int m = 0; m < burst; m++)
                {
                    if (pacer.NextCarriesLatency())
                    {
                        stamped++;
                        if (second == 0) firstSecondPositions.Add(sent);
                    }
                    sent++;
                }
            }
            Assert.Equal(rate, sent);
            Assert.Equal(latencyRate, stamped);
        }
        Assert.Equal(firstSecondPositions.Distinct().Count(), firstSecondPositions.Count);
    }

    [Fact]
    public void Positions_are_sorted_distinct_within_the_second_and_vary_between_seconds()
    {
        var array = new LatencyRandomArray(rate: 100_000, latencyRate: 100, seed: 11);
        int[] first = array.PositionsForSecond(0).ToArray();
        int[] second = array.PositionsForSecond(1).ToArray();
        Assert.Equal(100, first.Length);
        Assert.True(first.Zip(first.Skip(1)).All(p => p.First < p.Second));
        Assert.All(first, p => Assert.InRange(p, 0, 99_999));
        Assert.NotEqual(first, second);
        // Spread over the whole second, not bunched at the start of bursts.
        Assert.True(first.Max() > 50_000 && first.Min() < 50_000);
    }

    [Fact]
    public void Latency_positions_land_inside_their_tick_bursts()
    {
        const int rate = 2000, latencyRate = 50, tickRate = 1000;
        var array = new LatencyRandomArray(rate, latencyRate, seed: 5);
        var plan = new BurstPlan(rate, tickRate);
        var pacer = new MessagePacer(rate, latencyRate, tickRate, seed: 5);
        var expected = new HashSet<int>(array.PositionsForSecond(0).ToArray());
        for (int tick = 0; tick < tickRate; tick++)
        {
            int burst = pacer.BeginTick();
            for (int m = 0; m < burst; m++)
                Assert.Equal(expected.Contains(plan.FirstMessageOfTick(tick) + m), pacer.NextCarriesLatency());
        }
    }

    [Fact]
    public void Ticks_the_loop_skipped_are_counted_and_later_latency_positions_still_fire()
    {
        const int rate = 10_000, latencyRate = 1000, tickRate = 100; // 100 messages a tick
        var array = new LatencyRandomArray(rate, latencyRate, seed: 9);
        var plan = new BurstPlan(rate, tickRate);
        var pacer = new MessagePacer(rate, latencyRate, tickRate, seed: 9);
        var expected = new HashSet<int>(array.PositionsForSecond(0).ToArray());
        Assert.Equal(100, pacer.BeginTick(7)); // the first tick the pacer sees starts its second
        Assert.Equal(0, pacer.MessagesSkipped);
        Assert.Equal(100, pacer.BeginTick(8 + 40)); // ticks 8..47 skipped
        Assert.Equal(4000, pacer.MessagesSkipped);
        for (int m = 0; m < 100; m++)
            Assert.Equal(expected.Contains(plan.FirstMessageOfTick(41) + m), pacer.NextCarriesLatency());
        pacer.BeginTick(48 + 3 * tickRate + 1); // three whole seconds of ticks skipped
        Assert.Equal(3 * rate, pacer.MessagesSkipped);
    }

    [Fact]
    public void Positions_for_a_very_high_rate_are_drawn_from_the_latency_rate_alone()
    {
        // 20 M msg/s with 10 latency messages: the draw must not walk 20 M positions for each stored second.
        var array = new LatencyRandomArray(rate: 20_000_000, latencyRate: 10, seed: 4);
        for (int second = 0; second < array.SecondsStored; second++)
        {
            int[] positions = array.PositionsForSecond(second).ToArray();
            Assert.Equal(10, positions.Length);
            Assert.True(positions.Zip(positions.Skip(1)).All(p => p.First < p.Second));
            Assert.All(positions, p => Assert.InRange(p, 0, 19_999_999));
        }
    }

    [Fact]
    public void Pacing_allocates_nothing()
    {
        var pacer = new MessagePacer(100_000, 100, 1000);
        int stamped = 0;
        AllocationAssert.None(() =>
        {
            for (int tick = 0; tick < 3000; tick++)
            {
                int burst = pacer.BeginTick();
                for (int m = 0; m < burst; m++)
                    stamped += pacer.NextCarriesLatency() ? 1 : 0;
            }
        });
        Assert.True(stamped > 0 && stamped % 300 == 0, $"{stamped}: each run of 3 seconds stamps exactly 300");
    }

    [Fact]
    public void Latency_rate_above_the_rate_is_refused()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new LatencyRandomArray(10, 11, 1));
    }
}
