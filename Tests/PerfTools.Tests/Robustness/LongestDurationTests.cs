using PerfTools.NIProvPerf;
using PerfTools.ProvPerf;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// The largest number a duration option takes (2147483647 s, a user's "forever") runs; timers and waits hold far
/// less (49.7 and 24.8 days), and handing them such a value threw out of the tool.
/// </summary>
public sealed class LongestDurationTests : IDisposable
{
    private readonly TempFolder _dir = new("longest-duration-");

    public void Dispose() => _dir.Dispose();

    private string[] Outputs => ["-summaryFile", _dir.File("s.out"), "-statsFile", _dir.File("st")];

    [Fact]
    public void A_run_time_longer_than_a_timer_holds_runs_until_stopped()
    {
        var console = new StringWriter();
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        stop.Cancel(); // stopped before it starts: the run time's timer is the only thing under test

        int exit = ProvPerfApp.Run(["-p", "0", "-runTime", int.MaxValue.ToString(), .. Outputs], console, stop.Token);

        Assert.True(exit == ProvPerfApp.Success, console.ToString());
        Assert.True(File.Exists(_dir.File("s.out")), console.ToString());
    }

    [Fact]
    public void A_stats_interval_longer_than_a_wait_holds_writes_no_row_and_ends_with_the_run()
    {
        var console = new StringWriter();

        // Nothing listens on port 1: the run retries its connection until its one second is up.
        int exit = NIProvPerfApp.Run(["-p", "1", "-runTime", "1", "-writeStatsInterval", int.MaxValue.ToString(), .. Outputs],
            console, TestContext.Current.CancellationToken);

        Assert.True(exit == NIProvPerfApp.RunFailed, console.ToString());
        Assert.Contains("Test ended early: cannot connect", console.ToString());
        Assert.True(File.Exists(_dir.File("s.out")), console.ToString());
    }
}
