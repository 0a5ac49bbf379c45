using System.Globalization;
using System.Text.RegularExpressions;
using PerfTools.ConsPerf;
using PerfTools.NIProvPerf;
using PerfTools.PerfHub;
using PerfTools.Tests.ConsPerf;
using Xunit;

namespace PerfTools.Tests.PerfHub;

/// <summary>
/// The guide's scenario 8.3 with every real tool in-process over loopback: NIProvPerf publishes to PerfHub, the hub's
/// cache is preloaded, then ConsPerf requests the NI service's items from the hub. The three summaries must agree.
/// </summary>
[Collection(EndToEndCollection.Name)]
public sealed class NIProvPerfThroughHubTests : IDisposable
{
    private const int ItemCount = 200;
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(90);

    private readonly CancellationTokenSource _limit = new(Limit);
    private readonly TempFolder _directory = new("niprov-hub-");

    // The hub packs its output by default; "-maxPackCount 1" turns packing off.
    [Theory]
    [InlineData(new string[0], 1, new string[0])]
    [InlineData(new[] { "-threads", "2", "-commonItemCount", "20" }, 2, new string[0])]
    [InlineData(new string[0], 1, new[] { "-maxPackCount", "1" })]
    public async Task ConsPerf_gets_every_image_and_NIProvPerfs_stamped_updates_through_the_hub(string[] niprovExtra, int providers,
        string[] hubExtra)
    {
        var hubConsole = new WatchedConsole();
        using var stopHub = CancellationTokenSource.CreateLinkedTokenSource(_limit.Token);
        Task<int> hub = StartHub(hubConsole, hubExtra, stopHub.Token, out Task<(int Consumers, int Providers)> ports);
        (int consumerPort, int providerPort) = await ports.WaitAsync(_limit.Token);
        string items = WriteItemList();

        var niprovConsole = new WatchedConsole();
        using var stopNiprov = CancellationTokenSource.CreateLinkedTokenSource(_limit.Token);
        string[] niprovArgs =
        [
            "-h", "127.0.0.1", "-p", Text(providerPort), "-itemFile", items, "-itemCount", Text(ItemCount), "-updateRate", "2000",
            "-latencyUpdateRate", "200", "-runTime", "120", "-noDisplayStats", "-summaryFile", PathOf("NIProvSummary.out"),
            "-statsFile", PathOf("NIProvStats"), .. niprovExtra,
        ];
        Task<int> niprov = Task.Run(() => NIProvPerfApp.Run(niprovArgs, niprovConsole, stopNiprov.Token));

        // Preload the hub's cache before the consumer asks (guide §8.3, first way): the hub's console line says so.
        await hubConsole.WhenWritten($"({ItemCount} with image)", _limit.Token);
        var consConsole = new WatchedConsole();
        int consExit = await Task.Run(() => ConsPerfApp.Run(
        [
            "-h", "127.0.0.1", "-p", Text(consumerPort), "-serviceName", "NI_PUB", "-itemFile", items, "-itemCount", Text(ItemCount),
            "-steadyStateTime", "3", "-summaryFile", PathOf("ConsSummary.out"), "-statsFile", PathOf("ConsStats"),
        ], consConsole, _limit.Token));

        stopNiprov.Cancel();
        Assert.Equal(NIProvPerfApp.Success, await niprov.WaitAsync(_limit.Token));
        for (int i = 1; i <= providers; i++)
            await hubConsole.WhenWritten($"PerfHub: closed NI provider #{i}", _limit.Token); // the hub has read all it was sent
        stopHub.Cancel();
        Assert.Equal(0, await hub.WaitAsync(_limit.Token));

        Assert.True(consExit == 0, consConsole.Text + hubConsole.Text);
        string cons = File.ReadAllText(PathOf("ConsSummary.out"));
        string niprovSummary = File.ReadAllText(PathOf("NIProvSummary.out"));
        niprovSummary = niprovSummary[niprovSummary.IndexOf("--- OVERALL SUMMARY ---", StringComparison.Ordinal)..]; // not a thread's
        string hubSummary = File.ReadAllText(PathOf("HubSummary.out"));

        Assert.Contains($"  Refreshes received: {ItemCount}\n", cons);
        Assert.Matches(@"  Image retrieval time \(sec\): [\d.]+\n", cons); // only once every image came
        Assert.Matches(@"Latency avg \(usec\): [\d.]+\n", cons); // TIM_TRK_1 came through the hub's cache and fan-out
        Assert.Matches(@"Latency p99 \(usec\): [\d.]+( \(only \d+ samples?; p99 needs at least 100\))?\n", cons);

        long sent = Count(niprovSummary, "Updates sent");
        long hubIn = Count(hubSummary, "Updates received from providers");
        long received = Count(cons, "Updates received");
        Assert.True(received > 0 && received <= sent, $"ConsPerf received {received} of the {sent} updates NIProvPerf sent");
        // Nothing lost between NIProvPerf and the hub: with two connections, the common items' updates of both feed the
        // one cache of record (README, "Several NI providers, common items").
        Assert.Equal(sent, hubIn);
        int images = ItemCount + (providers - 1) * 20; // each thread refreshes the common items on its own connection
        Assert.Contains($"  Images sent: {images}\n", niprovSummary);
        Assert.Equal(images, Count(hubSummary, "Refreshes received from providers"));
        Assert.Equal(ItemCount, Count(hubSummary, "Item requests"));
        Assert.Equal(ItemCount, Count(hubSummary, "Images sent from the cache"));
        Assert.Equal(ItemCount, Count(hubSummary, "Items with an image"));
        Assert.Equal(0, Count(hubSummary, "Messages dropped (output backed up)"));
        Assert.True(Count(hubSummary, "Fan-out messages") >= received, hubSummary);
    }

    private Task<int> StartHub(WatchedConsole console, string[] extra, CancellationToken stop, out Task<(int, int)> ports)
    {
        var listening = new TaskCompletionSource<(int, int)>(TaskCreationOptions.RunContinuationsAsynchronously);
        ports = listening.Task;
        // The console line (each second, so not -noDisplayStats) tells when the cache holds every image.
        string[] args =
        [
            "-p", "0", "-niPort", "0", "-writeStatsInterval", "1", "-summaryFile", PathOf("HubSummary.out"), "-statsFile", PathOf("HubStats"),
            .. extra,
        ];
        return Task.Run(() =>
        {
            try
            {
                return PerfHubApp.Run(args, console, stop, listening: (c, p) => listening.TrySetResult((c, p)));
            }
            finally
            {
                listening.TrySetCanceled();
            }
        });
    }

    private static long Count(string summary, string label)
    {
        Match match = Regex.Match(summary, $@"\n  {Regex.Escape(label)}: (\d+)\n");
        Assert.True(match.Success, $"no \"{label}\" in\n{summary}");
        return long.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture);
    }

    private string WriteItemList()
    {
        string path = PathOf("items.xml");
        File.WriteAllLines(path,
        [
            "<itemList>",
            .. Enumerable.Range(0, ItemCount).Select(i => $"  <item domain=\"MarketPrice\" name=\"RDT{i}\" />"),
            "</itemList>",
        ]);
        return path;
    }

    private static string Text(int value) => value.ToString(CultureInfo.InvariantCulture);

    private string PathOf(string name) => _directory.File(name);

    public void Dispose()
    {
        _limit.Dispose();
        _directory.Dispose();
    }
}
