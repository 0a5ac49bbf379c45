using System.Net.Sockets;
using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.ConsPerf;
using PerfTools.ProvPerf;
using PerfTools.ProvPerf.Options;
using PerfTools.Tests.ConsPerf;
using PerfTools.Tests.ProvPerf;
using Xunit;

namespace PerfTools.Tests.PerfHub;

/// <summary>
/// The guide's chapter-8 scenarios through PerfHub over loopback, with the real tools in-process: ConsPerf → hub →
/// ProvPerf (8.1), an NI publisher → hub → ConsPerf posting (8.3/8.4), and the hub's behaviour with an item it does
/// not have, a provider that disappears, garbage bytes and a consumer that never reads.
/// </summary>
[Collection(EndToEndCollection.Name)]
public sealed class HubEndToEndTests : IDisposable
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(60);

    private readonly CancellationTokenSource _limit = new(Limit);
    private readonly TempFolder _directory = new("perfhub-e2e-");

    [Fact]
    public async Task Two_consumers_through_the_hub_to_ProvPerf_share_one_upstream_stream_per_item()
    {
        var providerConsole = new WatchedConsole();
        using var stopProvider = CancellationTokenSource.CreateLinkedTokenSource(_limit.Token);
        var listening = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
        var provOptions = ProvPerfCommandLine.Parse(["-p", "0", "-runTime", "120", "-updateRate", "2000", "-latencyUpdateRate", "200",
            "-summaryFile", PathOf("ProvSummary.out"), "-statsFile", PathOf("ProvStats"), "-noDisplayStats"]).Options!;
        Task<int> provider = Task.Run(() => ProvPerfApp.Run(provOptions, providerConsole, stopProvider.Token, false, listening.SetResult));
        int providerPort = await listening.Task.WaitAsync(_limit.Token);

        await using HubProcess hub = await HubProcess.StartAsync(_directory.Path, _limit.Token, "-upstream", $"127.0.0.1:{providerPort}");
        string items = WriteItemList(200);
        var consoles = new[] { new WatchedConsole(), new WatchedConsole() };
        int[] exits = await Task.WhenAll(consoles.Select((console, i) => Task.Run(() => ConsPerfApp.Run(
        [
            "-h", "127.0.0.1", "-p", hub.ConsumerPort.ToString(), "-itemFile", items, "-itemCount", "200", "-steadyStateTime", "3",
            "-summaryFile", PathOf($"ConsSummary{i}.out"), "-statsFile", PathOf($"ConsStats{i}_"), "-noDisplayStats",
        ], console, _limit.Token))));

        for (int i = 0; i < 2; i++)
        {
            Assert.True(exits[i] == 0, consoles[i].Text + hub.Console.Text);
            string summary = File.ReadAllText(PathOf($"ConsSummary{i}.out"));
            Assert.Contains("  Refreshes received: 200\n", summary);
            Assert.Matches(@"  Updates received: [1-9]\d*\n", summary);
            Assert.Matches(@"Latency avg \(usec\): [\d.]+\n", summary);
        }
        (int hubExit, string hubSummary) = await hub.StopAsync();
        Assert.Equal(0, hubExit);
        Assert.Contains("  Item requests: 400\n", hubSummary);
        Assert.Contains("  Upstream item streams opened: 200\n", hubSummary);
        Assert.Matches(@"  Fan-out messages: [1-9]\d*\n", hubSummary);
        Assert.StartsWith("UTC, Msgs in, Msgs out, Updates in, Posts in, Fan-out msgs", File.ReadLines(hub.StatsPath).First());
        stopProvider.Cancel();
        Assert.Equal(0, await provider.WaitAsync(TimeSpan.FromSeconds(20), TestContext.Current.CancellationToken));
    }

    [Fact]
    public async Task Posts_through_the_hub_come_back_with_their_latency_measured()
    {
        await using HubProcess hub = await HubProcess.StartAsync(_directory.Path, _limit.Token);
        using TestNiPublisher publisher = TestNiPublisher.Start(hub.ProviderPort, 50, _limit.Token);
        publisher.StartUpdates();
        var console = new WatchedConsole();

        int exit = await RunConsumer(hub, console, WriteItemList(50, posting: true), 50, "-postingRate", "1000", "-postingLatencyRate", "100");

        string summary = File.ReadAllText(PathOf("ConsSummary.out"));
        Assert.True(exit == 0, console.Text + hub.Console.Text);
        Assert.Contains("  Refreshes received: 50\n", summary);
        Assert.Matches(@"  Posts sent: [1-9]\d*\n", summary);
        Assert.Matches(@"  Posting latencies received: [1-9]\d*\n", summary);
        Assert.Matches(@"  Posting latency avg \(usec\): [\d.]+\n", summary);
        (_, string hubSummary) = await hub.StopAsync();
        Assert.Matches(@"  Posts received: [1-9]\d*\n", hubSummary);
    }

    [Fact]
    public async Task A_consumer_slow_to_read_at_first_still_gets_every_image_once_and_before_its_updates()
    {
        // LSEG's ConsPerf, slow to read at start-up, got 773 of 1,000 images through a hub with -outputBufs 50 (D6). Our
        // ConsPerf reads too fast to fill the hub's output, so this consumer holds its reads instead: the hub's 50
        // buffers and small socket buffers run out, and the images it owes must come later, none lost.
        const int Items = 5000;
        await using HubProcess hub = await HubProcess.StartAsync(_directory.Path, _limit.Token,
            "-outputBufs", "50", "-sendBufSize", "4096", "-stallTimeout", "30000");
        using TestNiPublisher publisher = TestNiPublisher.Start(hub.ProviderPort, Items, _limit.Token);
        publisher.StartUpdates();
        using TestConsumer consumer = TestConsumer.Connect(hub.ConsumerPort, _limit.Token);
        consumer.LogInAndGetDirectory(_limit.Token);
        for (int i = 1; i <= Items; i++)
        {
            int item = i;
            consumer.Send((ref RwfEncoder e) => RequestItem(ref e, 100 + item, TestNiPublisher.ItemName(item)));
        }
        await WhenHubOutputRanOut(hub);

        // Every image, once each, and no update before its stream's image; then updates keep flowing.
        var refreshed = new HashSet<int>();
        int updatesAfterAllImages = 0;
        while (updatesAfterAllImages < 100)
        {
            Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(consumer.Receive(_limit.Token), out Msg msg));
            if (msg.MsgClass == MsgClass.Refresh)
            {
                Assert.True(refreshed.Add(msg.StreamId), $"a second image on stream {msg.StreamId}");
            }
            else if (msg.MsgClass == MsgClass.Update)
            {
                Assert.True(refreshed.Contains(msg.StreamId), $"an update on stream {msg.StreamId} before its image");
                if (refreshed.Count == Items)
                    updatesAfterAllImages++;
            }
        }
        (_, string hubSummary) = await hub.StopAsync();
        Assert.Contains($"  Images sent from the cache: {Items}\n", hubSummary);
        Assert.Matches(@"  Images queued \(no output buffer\): [1-9]\d*\n", hubSummary);
    }

    // The hub's statistics file (a line a second) shows it queued images for want of an output buffer.
    private async Task WhenHubOutputRanOut(HubProcess hub)
    {
        while (true)
        {
            _limit.Token.ThrowIfCancellationRequested();
            if (File.Exists(hub.StatsPath))
            {
                using var reader = new StreamReader(new FileStream(hub.StatsPath, FileMode.Open, FileAccess.Read, FileShare.ReadWrite));
                string[] lines = (await reader.ReadToEndAsync(_limit.Token)).Split('\n', StringSplitOptions.RemoveEmptyEntries);
                if (lines.Skip(1).Any(line => line.Split(", ") is { Length: > 6 } cells && long.TryParse(cells[^2], out long queued) && queued > 0))
                    return;
            }
            await Task.Delay(100, _limit.Token); // polling a file the hub writes once a second
        }
    }

    [Fact]
    public async Task An_item_the_hub_does_not_have_gets_a_closed_status_and_the_consumer_says_so()
    {
        await using HubProcess hub = await HubProcess.StartAsync(_directory.Path, _limit.Token);
        using TestNiPublisher publisher = TestNiPublisher.Start(hub.ProviderPort, 10, _limit.Token);
        var console = new WatchedConsole();

        int exit = await RunConsumer(hub, console, WriteItemList(20), 20);

        Assert.Equal(5, exit); // ConsPerf: the provider refused
        Assert.Contains("closed by the provider", console.Text);
        Assert.Contains("Item not found", console.Text);
        (_, string hubSummary) = await hub.StopAsync();
        Assert.Contains("  Items not found: 10\n", hubSummary);
    }

    [Fact]
    public async Task With_temporary_refreshes_a_consumer_started_before_its_provider_completes()
    {
        await using HubProcess hub = await HubProcess.StartAsync(_directory.Path, _limit.Token, "-tempRefresh");
        using TestNiPublisher early = TestNiPublisher.Start(hub.ProviderPort, 1, _limit.Token); // the service, one item
        var console = new WatchedConsole();
        Task<int> consumer = RunConsumer(hub, console, WriteItemList(20), 20);
        await console.WhenWritten("requesting 20 items", _limit.Token);
        using TestNiPublisher publisher = TestNiPublisher.Start(hub.ProviderPort, 20, _limit.Token);

        int exit = await consumer;

        Assert.True(exit == 0, console.Text + hub.Console.Text);
        Assert.Contains("Image retrieval time for 20 images", console.Text);
    }

    [Fact]
    public async Task A_provider_that_disconnects_mid_run_leaves_consumers_a_suspect_status_and_nothing_hangs()
    {
        await using HubProcess hub = await HubProcess.StartAsync(_directory.Path, _limit.Token);
        var publisher = TestNiPublisher.Start(hub.ProviderPort, 20, _limit.Token);
        publisher.StartUpdates();
        using TestConsumer watcher = TestConsumer.Connect(hub.ConsumerPort, _limit.Token);
        watcher.LogInAndGetDirectory(_limit.Token);
        watcher.Send((ref RwfEncoder e) => RequestItem(ref e, 5, TestNiPublisher.ItemName(1)));
        var console = new WatchedConsole();
        Task<int> consumer = RunConsumer(hub, console, WriteItemList(20), 20, "-steadyStateTime", "4");
        await console.WhenWritten("Image retrieval time for 20 images", _limit.Token);

        publisher.Disconnect();

        Assert.True(ReceiveUntil(watcher, m => m.MsgClass == MsgClass.Status && m.StreamId == 5
            && m.State.StreamState == StreamStates.Open && m.State.DataState == DataStates.Suspect), "no Open/Suspect status after the provider left");
        int exit = await consumer;
        Assert.True(exit == 0, console.Text);
        (_, string hubSummary) = await hub.StopAsync();
        Assert.Matches(@"Closed NI provider #\d+: the peer closed the connection\n", hubSummary); // in order: not "connection lost"
    }

    [Fact]
    public async Task Garbage_and_a_consumer_that_never_reads_do_not_disturb_the_others()
    {
        await using HubProcess hub = await HubProcess.StartAsync(_directory.Path, _limit.Token,
            "-outputBufs", "4", "-maxOutputBufs", "4", "-stallTimeout", "300");
        using TestNiPublisher publisher = TestNiPublisher.Start(hub.ProviderPort, 50, _limit.Token);
        publisher.StartUpdates();
        using var garbage = new TcpClient();
        garbage.Connect("127.0.0.1", hub.ConsumerPort);
        garbage.GetStream().Write(Enumerable.Range(0, 300).Select(i => (byte)(i * 37)).ToArray());
        using var niGarbage = new TcpClient();
        niGarbage.Connect("127.0.0.1", hub.ProviderPort);
        niGarbage.GetStream().Write(new byte[] { 0x00, 0x05, 0xFF, 0xFF, 0xFF, 0x00, 0x00 });
        using TestConsumer sleeper = TestConsumer.Connect(hub.ConsumerPort, _limit.Token);
        sleeper.LogInAndGetDirectory(_limit.Token);
        for (int i = 1; i <= 50; i++)
        {
            int item = i;
            sleeper.Send((ref RwfEncoder e) => RequestItem(ref e, 100 + item, TestNiPublisher.ItemName(item)));
        }
        var console = new WatchedConsole();

        int exit = await RunConsumer(hub, console, WriteItemList(50), 50);
        await hub.Console.WhenWritten("(the peer is not reading)", _limit.Token);

        Assert.True(exit == 0, console.Text + hub.Console.Text);
        Assert.Matches(@"  Updates received: [1-9]\d*\n", File.ReadAllText(PathOf("ConsSummary.out")));
        (_, string hubSummary) = await hub.StopAsync();
        Assert.Matches(@"Closed consumer #\d+: handshake failed", hubSummary);
        Assert.Matches(@"Closed NI provider #\d+: handshake failed", hubSummary);
        Assert.Matches(@"Closed consumer #\d+: output backed up for more than 300 ms", hubSummary);
    }

    private Task<int> RunConsumer(HubProcess hub, WatchedConsole console, string items, int count, params string[] extra) =>
        Task.Run(() => ConsPerfApp.Run(
        [
            "-h", "127.0.0.1", "-p", hub.ConsumerPort.ToString(), "-serviceName", TestNiPublisher.ServiceName,
            "-itemFile", items, "-itemCount", count.ToString(), "-steadyStateTime", "2", "-tickRate", "1000", "-writeStatsInterval", "1",
            "-summaryFile", PathOf("ConsSummary.out"), "-statsFile", PathOf("ConsStats"), .. extra,
        ], console, _limit.Token));

    private bool ReceiveUntil(TestConsumer consumer, Func<Msg, bool> wanted)
    {
        while (!_limit.IsCancellationRequested)
        {
            byte[] message = consumer.Receive(_limit.Token);
            if (MsgDecoder.Decode(message, out Msg msg) == CodecReturnCode.Success && wanted(msg))
                return true;
        }
        return false;
    }

    private static CodecReturnCode RequestItem(ref RwfEncoder e, int streamId, string name)
    {
        var msg = Msg.Create(MsgClass.Request, DomainTypes.MarketPrice, streamId);
        msg.RequestFlags = RequestMsgFlags.Streaming;
        msg.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName;
        msg.Key.ServiceId = TestNiPublisher.ServiceId;
        msg.Key.Name = System.Text.Encoding.ASCII.GetBytes(name);
        return MsgEncoder.Encode(ref e, msg);
    }

    private string PathOf(string name) => _directory.File(name);

    private string WriteItemList(int count, bool posting = false)
    {
        string path = PathOf("items.xml");
        File.WriteAllLines(path,
        [
            "<itemList>",
            .. Enumerable.Range(1, count).Select(i => posting
                ? $"  <item domain=\"MarketPrice\" name=\"{TestNiPublisher.ItemName(i)}\" post=\"true\" />"
                : $"  <item domain=\"MarketPrice\" name=\"{TestNiPublisher.ItemName(i)}\" />"),
            "</itemList>",
        ]);
        return path;
    }

    public void Dispose()
    {
        _limit.Dispose();
        _directory.Dispose();
    }
}
