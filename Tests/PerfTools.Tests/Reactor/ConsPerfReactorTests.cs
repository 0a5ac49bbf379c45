using PerfTools.Tests.ConsPerf;
using Xunit;

namespace PerfTools.Tests.Reactor;

/// <summary>
/// ConsPerf <c>-reactor</c>, and <c>-watchlist</c> (the reactor with its consumer watchlist), against ProvPerf in
/// direct mode over loopback: the same outcomes and figures as direct mode.
/// </summary>
[Collection(EndToEndCollection.Name)]
public sealed class ConsPerfReactorTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(45);

    [Theory]
    [InlineData("-reactor", "Reactor")]
    [InlineData("-watchlist", "Reactor and Watchlist")]
    public async Task Consumer_gets_every_image_then_measures_latency_posts_and_generic_messages(string mode, string usage)
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(500, everyNthPosts: 2);
        await run.StartProviderAsync(0, "-updateRate", "10000", "-latencyUpdateRate", "1000", "-genericMsgRate", "1000");

        int exit = await run.RunConsumerAsync(mode, "-itemFile", items, "-itemCount", "500", "-steadyStateTime", "2",
            "-postingRate", "1000", "-postingLatencyRate", "100", "-genericMsgRate", "1000", "-genericMsgLatencyRate", "100");

        string summary = run.ConsumerSummary;
        Assert.True(exit == 0, run.ConsumerConsole.Text);
        Assert.Contains($"Reactor/Watchlist Usage: {usage}\n", summary);
        Assert.Contains("  Requests sent: 500\n", summary);
        Assert.Contains("  Refreshes received: 500\n", summary);
        Assert.Matches(@"Steady State Statistics:\n  Sampling duration \(sec\): [\d.]+\n  Latency avg \(usec\): [\d.]+\n", summary);
        Assert.Matches(@"  Updates received: [1-9]\d*\n", summary);
        Assert.Matches(@"  Posts sent: [1-9]\d*\n", summary);
        Assert.Matches(@"  Posting latency avg \(usec\): [\d.]+\n", summary); // posts came back on the application's streams
        Assert.Matches(@"  GenMsgs received: [1-9]\d*\n", summary);
        Assert.Contains("Result: Steady-state time of 2 seconds has expired.", summary);
        Assert.Contains("(reactor)", run.ConsumerConsole.Text);
        await run.StopProviderAsync();
        Assert.Matches(@"Posts received: [1-9]\d*", run.ProviderSummary); // posts went out through the reactor
        Assert.Matches(@"GenMsgs received: [1-9]\d*", run.ProviderSummary);
    }

    [Fact]
    public async Task Watchlist_snapshot_mode_exits_once_every_image_arrived()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(300);
        await run.StartProviderAsync(0, "-updateRate", "1000");

        int exit = await run.RunConsumerAsync("-watchlist", "-itemFile", items, "-itemCount", "300", "-steadyStateTime", "30", "-snapshot");

        Assert.True(exit == 0, run.ConsumerConsole.Text);
        Assert.Contains("Reactor/Watchlist Usage: Reactor and Watchlist\n", run.ConsumerSummary);
        Assert.Contains("  Refreshes received: 300\n", run.ConsumerSummary);
        Assert.Contains("Result: Received all images for snapshot test.", run.ConsumerSummary);
    }

    [Fact]
    public async Task Losing_the_provider_after_the_start_ends_the_run_with_exit_4_and_a_summary()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(100);
        await run.StartProviderAsync(0, "-updateRate", "1000");
        Task<int> consumer = run.RunConsumerAsync("-reactor", "-itemFile", items, "-itemCount", "100", "-steadyStateTime", "30");
        await run.ConsumerConsole.WhenWritten("requesting 100 items", run.Limit);

        await run.StopProviderAsync();
        int exit = await consumer.WaitAsync(run.Limit);

        Assert.True(exit == 4, run.ConsumerConsole.Text);
        Assert.Contains("connection lost", run.ConsumerSummary);
    }
}
