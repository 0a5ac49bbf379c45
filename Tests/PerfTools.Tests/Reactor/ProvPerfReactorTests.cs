using PerfTools.Tests.ConsPerf;
using Xunit;

namespace PerfTools.Tests.Reactor;

/// <summary>ProvPerf <c>-reactor</c> serving ConsPerf in direct mode (and in reactor mode) over loopback.</summary>
[Collection(EndToEndCollection.Name)]
public sealed class ProvPerfReactorTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(45);

    [Fact]
    public async Task Reactor_provider_answers_the_handshake_and_items_and_reflects_posts()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(500, everyNthPosts: 2);
        await run.StartProviderAsync(0, "-reactor", "-updateRate", "10000", "-latencyUpdateRate", "1000", "-genericMsgRate", "1000");

        int exit = await run.RunConsumerAsync("-itemFile", items, "-itemCount", "500", "-steadyStateTime", "2",
            "-postingRate", "1000", "-postingLatencyRate", "100", "-genericMsgRate", "1000");

        string summary = run.ConsumerSummary;
        Assert.True(exit == 0, run.ConsumerConsole.Text + run.ProviderConsole.Text);
        Assert.Contains("Reactor/Watchlist Usage: None\n", summary);
        Assert.Contains("  Refreshes received: 500\n", summary);
        Assert.Matches(@"  Updates received: [1-9]\d*\n", summary);
        Assert.Matches(@"  GenMsgs received: [1-9]\d*\n", summary);
        Assert.Matches(@"  Posting latencies received: [1-9]\d*\n", summary); // posts reflected back as updates
        Assert.Equal(0, await run.StopProviderAsync());
        Assert.Contains("Use Reactor: Yes\n", run.ProviderSummary);
        Assert.Contains("  Image requests received: 500\n", run.ProviderSummary);
        Assert.Contains("is active (reactor).", run.ProviderConsole.Text);
        Assert.Contains("closed: the consumer closed the connection", run.ProviderConsole.Text);
    }

    [Theory]
    [InlineData("6000")]
    [InlineData("20000")] // above the max fragment size (6144): cut to it
    public async Task Reactor_consumer_and_reactor_provider_complete_a_run_with_packing(string packBufSize)
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(300);
        await run.StartProviderAsync(0, "-reactor", "-updateRate", "5000", "-maxPackCount", "10", "-packBufSize", packBufSize);

        int exit = await run.RunConsumerAsync("-reactor", "-itemFile", items, "-itemCount", "300", "-steadyStateTime", "2");

        Assert.True(exit == 0, run.ConsumerConsole.Text + run.ProviderConsole.Text);
        Assert.Contains("  Refreshes received: 300\n", run.ConsumerSummary);
        Assert.Matches(@"  Updates received: [1-9]\d*\n", run.ConsumerSummary);
    }
}
