using PerfTools.Tests.ConsPerf;
using Xunit;

namespace PerfTools.Tests.Reactor;

/// <summary>ConsPerf <c>-watchlist</c> (the reactor with its consumer watchlist) against ProvPerf in direct mode over loopback.</summary>
[Collection(EndToEndCollection.Name)]
public sealed class ConsPerfWatchlistTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(45);

    [Fact]
    public async Task Watchlist_consumer_gets_every_image_then_measures_latency_posts_and_generic_messages()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(500, everyNthPosts: 2);
        await run.StartProviderAsync(0, "-updateRate", "10000", "-latencyUpdateRate", "1000", "-genericMsgRate", "1000");

        int exit = await run.RunConsumerAsync("-watchlist", "-itemFile", items, "-itemCount", "500", "-steadyStateTime", "2",
            "-postingRate", "1000", "-postingLatencyRate", "100", "-genericMsgRate", "1000", "-genericMsgLatencyRate", "100");

        string summary = run.ConsumerSummary;
        Assert.True(exit == 0, run.ConsumerConsole.Text);
        Assert.Contains("Reactor/Watchlist Usage: Reactor and Watchlist\n", summary);
        Assert.Contains("  Requests sent: 500\n", summary);
        Assert.Contains("  Refreshes received: 500\n", summary);
        Assert.Matches(@"Steady State Statistics:\n  Sampling duration \(sec\): [\d.]+\n  Latency avg \(usec\): [\d.]+\n", summary);
        Assert.Matches(@"  Updates received: [1-9]\d*\n", summary);
        Assert.Matches(@"  Posts sent: [1-9]\d*\n", summary);
        Assert.Matches(@"  Posting latency avg \(usec\): [\d.]+\n", summary);   // posts came back on the application's streams
        Assert.Matches(@"  GenMsgs received: [1-9]\d*\n", summary);
        Assert.Contains("Result: Steady-state time of 2 seconds has expired.", summary);
        await run.StopProviderAsync();
        Assert.Matches(@"Posts received: [1-9]\d*", run.ProviderSummary);
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
}
