using System.Globalization;
using System.Text.RegularExpressions;
using Eta.Codec;
using PerfTools.Tests.ConsPerf;
using PerfTools.Tests.ProvPerf;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// A consumer that logs in, opens 100 items and then never reads again, beside a good ConsPerf: ProvPerf (20 output
/// buffers, a 1 s <c>-stallTimeout</c>) closes the stalled channel with its reason, the good consumer gets every
/// image, receives updates and completes steady state. The provider's memory for that consumer stays bounded: what it
/// had queued for it when it gave up (logged with the reason) is no more than its 20 buffers can hold. (A
/// GC.GetTotalMemory bound did not fail when the pool was allowed to grow to 20,000 buffers; the queued bytes do.)
/// </summary>
[Collection(EndToEndCollection.Name)]
public sealed class StalledConsumerTests
{
    private const int OutputBuffers = 20;
    // What the transport may hold for one channel: its output buffers (ProvPerf's default -maxFragmentSize of 6144
    // plus the pool's 69 bytes of header room each), and the frames already moved out of them into the writer's
    // staging area for the socket (128 KiB at this fragment size; see Eta.Transport's Writing/ChannelWriter).
    private const long BufferBytes = 6144 + 69;
    private const long StagingBytes = 128 * 1024;
    private const long QueueBound = StagingBytes + OutputBuffers * BufferBytes;

    [Fact]
    public async Task A_consumer_that_stops_reading_is_closed_while_a_good_consumer_completes()
    {
        await using var run = new LoopbackRun(TimeSpan.FromSeconds(120));
        string items = run.WriteItemList(100);
        await run.StartProviderAsync(0, "-outputBufs", OutputBuffers.ToString(CultureInfo.InvariantCulture), "-stallTimeout", "1",
            "-updateRate", "50000", "-tickRate", "1000");
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
        Assert.Matches(@"(?m)^\s*Updates received: [1-9]\d*\s*$", run.ConsumerSummary);
        string log = run.ProviderConsole.Text;
        Match close = Assert.Single(Regex.Matches(log,
            @"^Channel \S+ closed: the consumer stopped reading \(output full for \d+ s, (\d+) bytes queued\)$", RegexOptions.Multiline));
        long queued = long.Parse(close.Groups[1].Value, CultureInfo.InvariantCulture);
        Assert.InRange(queued, 1, QueueBound);
    }
}
