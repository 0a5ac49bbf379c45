using System.Text.RegularExpressions;
using Interop.Tests.Harness;
using Xunit;

namespace Interop.Tests.Cases;

/// <summary>
/// PerfHub between LSEG C's tools and ours (the guide's 8.1 and 8.3 with the hub as the ADS/ADH). The hub's servers
/// offer a ping timeout of 6 s, which LSEG's clients accept: the hub pings an LSEG NIProvPerf (it sends the hub
/// nothing else once its items are published... and the reverse) every 2 s, and LSEG's clients ping the hub as often.
/// </summary>
public sealed partial class HubAgainstLsegC
{
    private const int SteadyStateSeconds = 10;
    private const int Items = 100;
    private static readonly TimeSpan s_startLimit = TimeSpan.FromSeconds(30);

    // Without updates the hub is idle towards LSEG's consumer after the images, so the hub's own pings reach it.
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task Our_NIProvPerf_through_PerfHub_to_LSEG_C_ConsPerf(bool updates)
    {
        await using var run = new InteropRun("niprov-hub-ccons" + (updates ? "" : "-idle"));
        (PeerProcess hub, int consumerPort, int providerPort) = await StartHubAsync(run);
        PeerProcess publisher = run.StartOurs("niprovperf", "NIProvPerf",
            ["-h", "127.0.0.1", "-p", providerPort.ToString(), "-itemCount", Items.ToString(), .. Rates(updates), "-runTime", "180",
             "-pingTimeout", "6"]);
        await WaitForImagesAsync(hub, publisher);

        PeerProcess consumer = run.StartLsegC("lseg-consperf", "rsslConsPerf",
            ["-h", "127.0.0.1", "-p", consumerPort.ToString(), "-itemCount", Items.ToString(), "-steadyStateTime", SteadyStateSeconds.ToString(),
             "-serviceName", "NI_PUB", "-writeStatsInterval", "1"]);
        await consumer.WaitForExitAsync(TimeSpan.FromSeconds(SteadyStateSeconds + 90));
        int publisherExit = await publisher.StopAsync(TimeSpan.FromSeconds(20));
        int hubExit = await hub.StopAsync(TimeSpan.FromSeconds(20));

        Outputs.AssertConsumerSteadyState("LSEG C ConsPerf", consumer.ReadFile("ConsSummary.out"), Items, latency: updates);
        Outputs.AssertLsegLogClean(consumer, ourSideCloses: false);
        Assert.True(publisherExit == 0, $"our NIProvPerf exited with {publisherExit}:\n{publisher.Tail()}");
        Assert.True(hubExit == 0, $"PerfHub exited with {hubExit}:\n{hub.Tail()}");
    }

    [Fact]
    public async Task LSEG_C_NIProvPerf_through_PerfHub_to_our_ConsPerf()
    {
        await using var run = new InteropRun("cniprov-hub-cons");
        (PeerProcess hub, int consumerPort, int providerPort) = await StartHubAsync(run);
        PeerProcess publisher = run.StartLsegC("lseg-niprovperf", "rsslNIProvPerf",
            ["-h", "127.0.0.1", "-p", providerPort.ToString(), "-itemCount", Items.ToString(), "-updateRate", "1000", "-runTime", "180",
             "-serviceName", "NI_PUB", "-writeStatsInterval", "1"]);
        await WaitForImagesAsync(hub, publisher);

        PeerProcess consumer = run.StartOurs("consperf", "ConsPerf",
            ["-h", "127.0.0.1", "-p", consumerPort.ToString(), "-itemCount", Items.ToString(), "-steadyStateTime", SteadyStateSeconds.ToString(),
             "-serviceName", "NI_PUB", "-pingTimeout", "6", "-writeStatsInterval", "1"]);
        int consumerExit = await consumer.WaitForExitAsync(TimeSpan.FromSeconds(SteadyStateSeconds + 90));
        // LSEG's publisher ends first, so any close it reports is its own.
        await publisher.StopAsync(TimeSpan.FromSeconds(20));
        int hubExit = await hub.StopAsync(TimeSpan.FromSeconds(20));

        Assert.True(consumerExit == 0, $"our ConsPerf exited with {consumerExit}:\n{consumer.Tail()}\n--- PerfHub:\n{hub.Tail()}");
        Outputs.AssertConsumerSteadyState("our ConsPerf", consumer.ReadFile("ConsSummary.out"), Items, latency: true);
        Outputs.AssertLsegLogClean(publisher, ourSideCloses: false);
        Assert.True(hubExit == 0, $"PerfHub exited with {hubExit}:\n{hub.Tail()}");
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task LSEG_C_ConsPerf_through_PerfHub_to_our_ProvPerf(bool updates)
    {
        await using var run = new InteropRun("ccons-hub-prov" + (updates ? "" : "-idle"));
        int upstreamPort = Listening.FreePort();
        PeerProcess provider = run.StartOurs("provperf", "ProvPerf",
            ["-p", upstreamPort.ToString(), .. Rates(updates), "-runTime", "180", "-pingTimeout", "6"]);
        await Listening.WaitAsync(provider, upstreamPort, s_startLimit);
        (PeerProcess hub, int consumerPort, _) = await StartHubAsync(run, "-upstream", $"127.0.0.1:{upstreamPort}");

        PeerProcess consumer = run.StartLsegC("lseg-consperf", "rsslConsPerf",
            ["-h", "127.0.0.1", "-p", consumerPort.ToString(), "-itemCount", Items.ToString(), "-steadyStateTime", SteadyStateSeconds.ToString(),
             "-serviceName", "DIRECT_FEED", "-writeStatsInterval", "1"]);
        await consumer.WaitForExitAsync(TimeSpan.FromSeconds(SteadyStateSeconds + 90));
        int hubExit = await hub.StopAsync(TimeSpan.FromSeconds(20));
        int providerExit = await provider.StopAsync(TimeSpan.FromSeconds(20));

        Outputs.AssertConsumerSteadyState("LSEG C ConsPerf", consumer.ReadFile("ConsSummary.out"), Items, latency: updates);
        Outputs.AssertLsegLogClean(consumer, ourSideCloses: false);
        Assert.True(hubExit == 0, $"PerfHub exited with {hubExit}:\n{hub.Tail()}");
        Assert.True(providerExit == 0, $"our ProvPerf exited with {providerExit}:\n{provider.Tail()}");
    }

    private static string[] Rates(bool updates) =>
        updates ? ["-updateRate", "1000", "-latencyUpdateRate", "10"] : ["-updateRate", "0", "-latencyUpdateRate", "0"];

    private static async Task<(PeerProcess Hub, int ConsumerPort, int ProviderPort)> StartHubAsync(InteropRun run, params string[] extra)
    {
        int consumerPort = Listening.FreePort();
        int providerPort = Listening.FreePort();
        PeerProcess hub = run.StartOurs("perfhub", "PerfHub",
            ["-p", consumerPort.ToString(), "-niPort", providerPort.ToString(), "-pingTimeout", "6", "-writeStatsInterval", "1", .. extra]);
        await Listening.WaitAsync(hub, consumerPort, s_startLimit);
        await Listening.WaitAsync(hub, providerPort, s_startLimit);
        return (hub, consumerPort, providerPort);
    }

    /// <summary>Waits until the hub's console reports every item's image cached (the hub's state, not LSEG's log).</summary>
    private static async Task WaitForImagesAsync(PeerProcess hub, PeerProcess publisher)
    {
        var deadline = DateTime.UtcNow + TimeSpan.FromSeconds(60);
        while (true)
        {
            MatchCollection counts = CachedImages().Matches(hub.Output);
            if (counts.Count > 0 && int.Parse(counts[^1].Groups[1].Value) >= Items)
                return;
            if (publisher.HasExited || hub.HasExited || DateTime.UtcNow > deadline)
                Assert.Fail($"the hub did not cache {Items} images:\n{hub.Tail()}\n--- {publisher.Name}:\n{publisher.Tail()}");
            await Task.Delay(100);
        }
    }

    [GeneratedRegex(@"\((\d+) with image\)")]
    private static partial Regex CachedImages();
}
