using PerfTools.Common.Timing;
using Xunit;

namespace PerfTools.Tests.ProvPerf;

/// <summary>When a provider thread sends refreshes: in spare time, and once per tick even when there is none.</summary>
public class RefreshTurnTests
{
    [Fact]
    public void With_spare_time_refreshes_go_at_every_turn()
    {
        var turn = new RefreshTurn();
        turn.NewTick();
        for (int i = 0; i < 3; i++)
        {
            Assert.True(turn.IsDue(TimeSpan.FromMicroseconds(200)));
            turn.Taken();
        }
    }

    [Fact]
    public void A_thread_behind_its_ticks_still_sends_one_burst_per_tick()
    {
        var turn = new RefreshTurn();
        for (int tick = 0; tick < 3; tick++)
        {
            turn.NewTick();
            Assert.True(turn.IsDue(TimeSpan.Zero));
            turn.Taken();
            Assert.False(turn.IsDue(TimeSpan.Zero));
            Assert.False(turn.IsDue(TimeSpan.FromMilliseconds(-2)));
        }
    }
}
