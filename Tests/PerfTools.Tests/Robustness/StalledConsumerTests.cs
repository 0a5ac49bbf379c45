using System.Text.RegularExpressions;
using Eta.Codec;
using PerfTools.Tests.ConsPerf;
using PerfTools.Tests.ProvPerf;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// A consumer that logs in, opens 100 items and then never reads again, beside a good ConsPerf: ProvPerf (few output
/// buffers, a 1 s <c>-stallTimeout</c>) closes the stalled channel with its reason, the good consumer gets every
/// image and completes steady state. (No memory assertion: a GC.GetTotalMemory bound did not fail when the pool was
/// allowed to grow to 20,000 buffers, so it guarded nothing and was left out.)
/// </summary>
[Collection(EndToEndCollection.Name)]
public sealed class StalledConsumerTests
{
    [Fact]
    public async Task A_consumer_that_stops_reading_is_closed_while_a_good_consumer_completes()
    {
        await using var run = new LoopbackRun(TimeSpan.FromSeconds(120));
        string items = run.WriteItemList(100);
        await run.StartProviderAsync(0, "-outputBufs", "20", "-stallTimeout", "1", "-updateRate", "50000", "-tickRate", "1000");
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
        int providerExit = await run.StopProviderAsync();

        Assert.True(exit == 0, $"ConsPerf exit {exit}:\n{run.ConsumerConsole.Text}");
        Assert.Equal(0, providerExit);
        Assert.Contains("  Refreshes received: 100\n", run.ConsumerSummary);
        string log = run.ProviderConsole.Text;
        Assert.Single(Regex.Matches(log, @"^Channel \S+ closed: the consumer stopped reading \(output full for \d+ s\)$", RegexOptions.Multiline));
    }
}
