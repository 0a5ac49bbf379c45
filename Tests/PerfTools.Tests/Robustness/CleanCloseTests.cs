using PerfTools.Tests.ConsPerf;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>A consumer that ends its run normally closes its connection cleanly, and the provider logs a close, not a failure.</summary>
[Collection(EndToEndCollection.Name)]
public sealed class CleanCloseTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(90);

    [Fact]
    public async Task A_consumer_that_finishes_is_logged_by_the_provider_as_a_close()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(50);
        await run.StartProviderAsync(0, "-updateRate", "5000", "-tickRate", "1000");

        int exit = await run.RunConsumerAsync("-itemFile", items, "-itemCount", "50", "-steadyStateTime", "4");
        await run.ProviderConsole.WhenWritten(" closed: ", run.Limit);

        Assert.True(exit == 0, $"ConsPerf exit {exit}:\n{run.ConsumerConsole.Text}");
        string log = run.ProviderConsole.Text;
        Assert.Contains("closed: the consumer closed the connection", log);
        Assert.DoesNotContain("reset", log, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("Failure", log);
    }
}
