using System.Globalization;
using PerfTools.ConsPerf;
using PerfTools.NIProvPerf;
using PerfTools.Tests.ConsPerf;
using PerfTools.Tests.PerfHub;
using Xunit;

namespace PerfTools.Tests.Reactor;

/// <summary>Scenario 8.3 with NIProvPerf in <c>-reactor</c> mode: NIProvPerf → PerfHub → ConsPerf, all in-process over loopback.</summary>
[Collection(EndToEndCollection.Name)]
public sealed class NIProvPerfReactorTests : IDisposable
{
    private const int ItemCount = 200;
    private readonly CancellationTokenSource _limit = new(TimeSpan.FromSeconds(90));
    private readonly TempFolder _directory = new("niprov-reactor-");

    [Fact]
    public async Task Reactor_NI_provider_publishes_through_the_hub_to_ConsPerf()
    {
        await using HubProcess hub = await HubProcess.StartAsync(_directory.Path, _limit.Token);
        string items = PathOf("items.xml");
        File.WriteAllLines(items, ["<itemList>", .. Enumerable.Range(1, ItemCount).Select(i => $"  <item domain=\"MarketPrice\" name=\"RIC{i}\" />"), "</itemList>"]);

        var niprovConsole = new WatchedConsole();
        using var stopNiprov = CancellationTokenSource.CreateLinkedTokenSource(_limit.Token);
        Task<int> niprov = Task.Run(() => NIProvPerfApp.Run(
        [
            "-reactor", "-h", "127.0.0.1", "-p", Text(hub.ProviderPort), "-itemFile", items, "-itemCount", Text(ItemCount),
            "-updateRate", "2000", "-latencyUpdateRate", "200", "-runTime", "120", "-noDisplayStats",
            "-summaryFile", PathOf("NIProvSummary.out"), "-statsFile", PathOf("NIProvStats"),
        ], niprovConsole, stopNiprov.Token));

        // The role's login and directory are done and the items are opened; the hub serves them from its cache.
        await niprovConsole.WhenWritten($"Published service NI_PUB (id 1) and {ItemCount} items", _limit.Token);
        var consConsole = new WatchedConsole();
        int consExit = await Task.Run(() => ConsPerfApp.Run(
        [
            "-h", "127.0.0.1", "-p", Text(hub.ConsumerPort), "-serviceName", "NI_PUB", "-itemFile", items, "-itemCount", Text(ItemCount),
            "-steadyStateTime", "3", "-summaryFile", PathOf("ConsSummary.out"), "-statsFile", PathOf("ConsStats"),
        ], consConsole, _limit.Token));

        stopNiprov.Cancel();
        Assert.Equal(NIProvPerfApp.Success, await niprov.WaitAsync(_limit.Token));
        Assert.True(consExit == 0, consConsole.Text + niprovConsole.Text + hub.Console.Text);
        string cons = File.ReadAllText(PathOf("ConsSummary.out"));
        Assert.Contains($"  Refreshes received: {ItemCount}\n", cons);
        Assert.Matches(@"Latency avg \(usec\): [\d.]+\n", cons); // TIM_TRK_1 stamped by the reactor NI provider
        string niprovSummary = File.ReadAllText(PathOf("NIProvSummary.out"));
        Assert.Contains("Use Reactor: Yes\n", niprovSummary);
        Assert.Contains($"  Images sent: {ItemCount}\n", niprovSummary);
        Assert.Contains("(reactor).", niprovConsole.Text);
        Assert.Contains("Login accepted by", niprovConsole.Text);
    }

    private string PathOf(string name) => _directory.File(name);

    private static string Text(int value) => value.ToString(CultureInfo.InvariantCulture);

    public void Dispose()
    {
        _limit.Dispose();
        _directory.Dispose();
    }
}
