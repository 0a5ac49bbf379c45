using PerfTools.ConsPerf;
using Xunit;

namespace PerfTools.Tests.ConsPerf;

/// <summary>The provider's round trip latency probes (§3.3), reflected by ConsPerf on its login stream.</summary>
[Collection(EndToEndCollection.Name)]
public sealed class RoundTripTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(45);

    [Fact]
    public async Task The_provider_measures_round_trips_that_the_consumer_reflects()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(50);
        await run.StartProviderAsync(0, "-updateRate", "1000");
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(run.Limit);

        Task<int> consumer = Task.Run(() => ConsPerfApp.Run(
            run.ConsumerArgs(["-itemFile", items, "-itemCount", "50", "-steadyStateTime", "60"]), run.ConsumerConsole, stop.Token));
        // ProvPerf probes right after the login and every 5 s, and reports round trips in its periodic statistics.
        await run.ProviderConsole.WhenWritten("Round trip latency (RTT):", run.Limit);
        stop.Cancel();
        await consumer;

        Assert.Matches(@"Round trip latency \(RTT\): \d+", run.ProviderConsole.Text);
    }
}
