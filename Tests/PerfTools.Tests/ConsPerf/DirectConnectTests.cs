using PerfTools.ConsPerf;
using Xunit;

namespace PerfTools.Tests.ConsPerf;

/// <summary>ConsPerf against ProvPerf over loopback (§8.2): the main job and its variations, a few seconds each.</summary>
[Collection(EndToEndCollection.Name)]
public sealed class DirectConnectTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(45);

    [Fact]
    public async Task Main_job_receives_every_image_then_measures_update_latency_in_steady_state()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(500);
        await run.StartProviderAsync(0, "-updateRate", "10000", "-latencyUpdateRate", "1000");

        int exit = await run.RunConsumerAsync("-itemFile", items, "-itemCount", "500", "-steadyStateTime", "2",
            "-latencyFile", run.PathOf("ConsLatency"));

        string summary = run.ConsumerSummary;
        Assert.True(exit == 0, run.ConsumerConsole.Text);
        Assert.Contains("  Requests sent: 500\n", summary);
        Assert.Contains("  Refreshes received: 500\n", summary);
        Assert.Matches(@"Steady State Statistics:\n  Sampling duration \(sec\): [\d.]+\n  Latency avg \(usec\): [\d.]+\n", summary);
        Assert.Contains("  Latency p99 (usec): ", summary);
        Assert.Matches(@"  Updates received: [1-9]\d*\n", summary);
        Assert.Contains("  Image retrieval time (sec): ", summary);
        Assert.Contains("Result: Steady-state time of 2 seconds has expired.", summary);
        // Console: the periodic block and the summary.
        Assert.Matches(@"\d+: Images: \d+, Posts: 0, UpdRate: \d+, CPU: [\d.]+, Mem: [\d.]+MB\n", run.ConsumerConsole.Text);
        Assert.Contains("--- OVERALL SUMMARY ---", run.ConsumerConsole.Text);
        // Stats file: the header and at least one row of 23 columns.
        string[] stats = File.ReadAllLines(run.PathOf("ConsStats1.csv"));
        Assert.StartsWith("UTC, Latency updates, Latency avg (usec)", stats[0]);
        Assert.True(stats.Length >= 2);
        Assert.Equal(24, stats[1].Split(", ").Length); // the guide's 23 and the interval's real length
        // Latency log: update rows "Upd, send, receive, latency" with latency = receive - send.
        string[] log = File.ReadAllLines(run.PathOf("ConsLatency1.csv"));
        Assert.Equal("Message type, Send time, Receive time, Latency (usec)", log[0]);
        string[] row = log.First(l => l.StartsWith("Upd, ", StringComparison.Ordinal)).Split(", ");
        Assert.Equal(long.Parse(row[2]) - long.Parse(row[1]), long.Parse(row[3]));
        // Beside it, HdrHistogram's percentile distribution of the same samples.
        Common.HgrmFile.AssertDescribesLatencyLog(run.PathOf("ConsLatency1.csv"), unitsPerMicrosecond: 1);
    }

    [Fact]
    public async Task Posts_come_back_as_updates_and_their_latency_is_measured()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(200, everyNthPosts: 2);
        await run.StartProviderAsync(0, "-updateRate", "2000");

        int exit = await run.RunConsumerAsync("-itemFile", items, "-itemCount", "200", "-steadyStateTime", "2",
            "-postingRate", "1000", "-postingLatencyRate", "100", "-latencyFile", run.PathOf("ConsLatency"));

        string summary = run.ConsumerSummary;
        Assert.True(exit == 0, run.ConsumerConsole.Text);
        Assert.Matches(@"  Posts sent: [1-9]\d*\n", summary);
        Assert.Matches(@"  Posting latency avg \(usec\): [\d.]+\n", summary);
        Assert.Matches(@"  Posting latencies received: [1-9]\d*\n", summary);
        Assert.Contains(File.ReadAllLines(run.PathOf("ConsLatency1.csv")), l => l.StartsWith("Pst, ", StringComparison.Ordinal));
    }

    [Fact]
    public async Task Generic_messages_flow_both_ways_with_latency_on_each_side()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(100, everyNthPosts: 2);
        await run.StartProviderAsync(0, "-updateRate", "1000", "-genericMsgRate", "1000", "-genericMsgLatencyRate", "100");

        int exit = await run.RunConsumerAsync("-itemFile", items, "-itemCount", "100", "-steadyStateTime", "2",
            "-genericMsgRate", "1000", "-genericMsgLatencyRate", "100");
        await run.StopProviderAsync();

        string summary = run.ConsumerSummary;
        Assert.True(exit == 0, run.ConsumerConsole.Text);
        Assert.Matches(@"  GenMsgs sent: [1-9]\d*\n", summary);
        Assert.Matches(@"  GenMsgs received: [1-9]\d*\n", summary);
        Assert.Matches(@"  GenMsg latency avg \(usec\): [\d.]+\n", summary);
        Assert.Matches(@"GenMsgLat\(usec\): Avg: [\d.]+", run.ProviderConsole.Text);
    }

    [Fact]
    public async Task Snapshot_mode_exits_once_every_image_arrived()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(300);
        await run.StartProviderAsync(0, "-updateRate", "1000");

        int exit = await run.RunConsumerAsync("-itemFile", items, "-itemCount", "300", "-steadyStateTime", "30", "-snapshot");

        Assert.True(exit == 0, run.ConsumerConsole.Text);
        Assert.Contains("  Refreshes received: 300\n", run.ConsumerSummary);
        Assert.Contains("Result: Received all images for snapshot test.", run.ConsumerSummary);
    }

    [Fact]
    public async Task Two_threads_share_the_common_items_and_split_the_rest()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(100);
        await run.StartProviderAsync(0, "-updateRate", "2000");

        int exit = await run.RunConsumerAsync("-itemFile", items, "-itemCount", "100", "-commonItemCount", "10",
            "-threads", "0,1", "-steadyStateTime", "2");

        string summary = run.ConsumerSummary;
        Assert.True(exit == 0, run.ConsumerConsole.Text);
        // Each thread: the 10 common items plus 45 of the other 90.
        Assert.Contains("--- CLIENT 1 SUMMARY ---", summary);
        Assert.Contains("--- CLIENT 2 SUMMARY ---", summary);
        Assert.Equal(2, summary.Split("  Refreshes received: 55\n").Length - 1);
        Assert.Contains("  Refreshes received: 110\n", summary);
        Assert.True(File.Exists(run.PathOf("ConsStats1.csv")));
        Assert.True(File.Exists(run.PathOf("ConsStats2.csv")));
    }

    [Fact]
    public async Task Packed_updates_are_all_read()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(200);
        await run.StartProviderAsync(0, "-updateRate", "5000", "-maxPackCount", "10", "-packBufSize", "6000");

        // Stopping the provider ends its ticks (each writes and flushes its packed buffer) before the channel
        // closes, and the consumer reads up to the close: every update the provider counted must arrive.
        Task<int> consumer = run.RunConsumerAsync("-itemFile", items, "-itemCount", "200", "-steadyStateTime", "60");
        await run.ConsumerConsole.WhenWritten("Image retrieval time for 200 images", run.Limit);
        await run.ConsumerConsole.WhenWritten("\n3: Images: ", run.Limit);
        await run.ProviderConsole.WhenWritten("Approx. avg msgs per pack: ", run.Limit);
        await run.StopProviderAsync();
        int exit = await consumer;

        Assert.True(exit == 4, run.ConsumerConsole.Text); // connection lost: the provider went away
        Assert.Contains("  Refreshes received: 200\n", run.ConsumerSummary);
        long sent = SummaryNumber(run.ProviderSummary, "Updates sent");
        Assert.True(sent > 0, "the provider sent updates");
        Assert.Equal(sent, SummaryNumber(run.ConsumerSummary, "Updates received"));
        Assert.Matches(@"Approx\. avg msgs per pack: ([2-9]|\d\d)", run.ProviderConsole.Text); // the messages really were packed
    }

    private static long SummaryNumber(string summary, string label) =>
        long.Parse(System.Text.RegularExpressions.Regex.Match(summary, $@"\n  {label}: (\d+)\n").Groups[1].Value);

    [Fact]
    public async Task A_consumer_started_before_the_provider_connects_once_it_listens()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(100);
        int port = LoopbackRun.FreePort();
        Task<int> consumer = Task.Run(() => ConsPerfApp.Run(
            [.. ConsumerArgsFor(run, port), "-itemFile", items, "-itemCount", "100", "-steadyStateTime", "5"],
            run.ConsumerConsole, run.Limit));

        await run.ConsumerConsole.WhenWritten("retrying", run.Limit);
        await run.StartProviderAsync(port, "-updateRate", "1000");
        int exit = await consumer;

        Assert.True(exit == 0, run.ConsumerConsole.Text);
        Assert.Contains("  Refreshes received: 100\n", run.ConsumerSummary);
    }

    [Fact]
    public async Task Stopping_the_provider_mid_run_ends_the_consumer_with_a_summary_that_says_so()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(100);
        await run.StartProviderAsync(0, "-updateRate", "1000");

        Task<int> consumer = run.RunConsumerAsync("-itemFile", items, "-itemCount", "100", "-steadyStateTime", "60");
        await run.ConsumerConsole.WhenWritten("Image retrieval time for 100 images", run.Limit);
        await run.StopProviderAsync();
        int exit = await consumer;

        Assert.Equal(4, exit);
        Assert.Contains("Result: FAILED: Consumer thread 1: connection lost", run.ConsumerSummary);
        Assert.Contains("Error: Consumer thread 1: connection lost", run.ConsumerConsole.Text);
        Assert.Contains("  Refreshes received: 100\n", run.ConsumerSummary);
    }

    [Fact]
    public async Task A_service_that_never_comes_up_fails_the_run_after_steady_state_time()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(10);
        await run.StartProviderAsync(0, "-updateRate", "1000");

        int exit = await run.RunConsumerAsync("-itemFile", items, "-itemCount", "10", "-steadyStateTime", "2",
            "-serviceName", "NO_SUCH_FEED");

        Assert.Equal(3, exit);
        Assert.Contains("Result: FAILED: images incomplete: 0 of 10 images received within 2 seconds of connecting (service NO_SUCH_FEED never became available).",
            run.ConsumerSummary);
        Assert.Contains("  Steady state was not reached during this test.\n", run.ConsumerSummary);
    }

    [Fact]
    public async Task Cancelling_the_consumer_still_writes_its_summary()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(100);
        await run.StartProviderAsync(0, "-updateRate", "1000");
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(run.Limit);

        Task<int> consumer = Task.Run(() => ConsPerfApp.Run(
            run.ConsumerArgs(["-itemFile", items, "-itemCount", "100", "-steadyStateTime", "60"]), run.ConsumerConsole, stop.Token));
        await run.ConsumerConsole.WhenWritten("Image retrieval time for 100 images", run.Limit);
        stop.Cancel();
        int exit = await consumer;

        Assert.Equal(6, exit);
        Assert.Contains("Result: FAILED: Run stopped (interrupted)", run.ConsumerSummary);
    }

    private static string[] ConsumerArgsFor(LoopbackRun run, int port)
    {
        string[] args = run.ConsumerArgs([]);
        args[Array.IndexOf(args, "-p") + 1] = port.ToString();
        return args;
    }
}
