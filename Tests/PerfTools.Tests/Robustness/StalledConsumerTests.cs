using System.Text.RegularExpressions;
using Eta.Codec;
using PerfTools.Tests.ConsPerf;
using PerfTools.Tests.ProvPerf;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// A consumer that logs in, opens 100 items and then never reads again, beside a good ConsPerf: ProvPerf (few output
/// buffers, a 1 s <c>-stallTimeout</c>) closes the stalled channel with its reason, the good consumer gets every
/// image and completes steady state, and the provider's memory does not grow with what the stalled consumer would
/// not take (it is bounded by the channel's output buffer pool, not queued).
/// </summary>
[Collection(EndToEndCollection.Name)]
public sealed class StalledConsumerTests
{
    // Far below what 50,000 updates a second queued for the seconds the stall lasts would take, far above noise.
    private const long MemoryGrowthLimit = 64L << 20;

    [Fact]
    public async Task A_consumer_that_stops_reading_is_closed_while_a_good_consumer_completes()
    {
        await using var run = new LoopbackRun(TimeSpan.FromSeconds(120));
        string items = run.WriteItemList(100);
        await run.StartProviderAsync(0, "-outputBufs", "20", "-stallTimeout", "1", "-updateRate", "50000", "-tickRate", "1000");
        long memoryBefore = GC.GetTotalMemory(forceFullCollection: true);
        Task stallClosed = run.ProviderConsole.WhenWritten("closed: the consumer stopped reading (output full for", run.Limit);

        using var stalled = TestConsumer.Connect(run.Port, run.Limit);
        stalled.LogInAndGetDirectory(run.Limit);
        for (int i = 0; i < 100; i++)
        {
            int streamId = 5 + i;
            stalled.Send((ref RwfEncoder e) => ProvPerfLoopbackTests.EncodeItemRequest(ref e, streamId, $"STALL{streamId}"));
        }
        // From here the stalled consumer never reads.

        int exit = await run.RunConsumerAsync("-itemFile", items, "-itemCount", "100", "-steadyStateTime", "4");
        await stallClosed;
        long memoryGrowth = GC.GetTotalMemory(forceFullCollection: true) - memoryBefore;
        int providerExit = await run.StopProviderAsync();

        Assert.True(exit == 0, $"ConsPerf exit {exit}:\n{run.ConsumerConsole.Text}");
        Assert.Equal(0, providerExit);
        Assert.Contains("  Refreshes received: 100\n", run.ConsumerSummary);
        string log = run.ProviderConsole.Text;
        Assert.Single(Regex.Matches(log, @"^Channel \S+ closed: the consumer stopped reading \(output full for \d+ s\)$", RegexOptions.Multiline));
        Assert.True(memoryGrowth < MemoryGrowthLimit, $"the provider's managed memory grew by {memoryGrowth:N0} bytes");
    }
}
