using System.Net;
using System.Net.Sockets;
using PerfTools.ConsPerf;
using PerfTools.PerfReport;
using PerfTools.ProvPerf;
using Xunit;

namespace PerfReport.Tests;

/// <summary>The real tools over loopback for a few seconds, then the report on what they wrote.</summary>
public sealed class RealRunTests
{
    [Fact]
    public async Task AReportIsMadeFromARealProvPerfAndConsPerfRun()
    {
        using var run = new RunFixture("direct");
        using var limit = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        limit.CancelAfter(TimeSpan.FromSeconds(90));
        string items = run.PathOf("items.xml");
        File.WriteAllLines(items, ["<itemList>", .. Enumerable.Range(1, 100).Select(i => $"  <item domain=\"MarketPrice\" name=\"ITEM{i}\" />"), "</itemList>"]);
        int port = FreePort();
        using var provider = CancellationTokenSource.CreateLinkedTokenSource(limit.Token);
        var providerConsole = new StringWriter();
        Task<int> providerRun = Task.Run(() => ProvPerfApp.Run(
            ["-p", port.ToString(), "-runTime", "80", "-writeStatsInterval", "1", "-updateRate", "5000", "-latencyUpdateRate", "500",
             "-summaryFile", run.PathOf("ProvSummary.out"), "-statsFile", run.PathOf("ProvStats")],
            TextWriter.Synchronized(providerConsole), provider.Token));

        // ConsPerf retries its connection until the provider listens. Its exit code is not the point here: on a loaded
        // machine it may miss steady state, and the report must be made from whatever the run wrote.
        await Task.Run(() => ConsPerfApp.Run(
            ["-h", "127.0.0.1", "-p", port.ToString(), "-itemFile", items, "-itemCount", "100", "-steadyStateTime", "3",
             "-writeStatsInterval", "1", "-summaryFile", run.PathOf("ConsSummary.out"), "-statsFile", run.PathOf("ConsStats"),
             "-latencyFile", run.PathOf("ConsLatency")],
            TextWriter.Null, limit.Token));
        provider.Cancel();
        await providerRun.WaitAsync(TimeSpan.FromSeconds(30), TestContext.Current.CancellationToken);

        var output = new StringWriter();
        var error = new StringWriter();
        int code = PerfReportApp.Run([run.Path], output, error);

        Assert.True(code == 0, error.ToString());
        string html = File.ReadAllText(output.ToString().Trim());
        foreach (string chart in new[] { "rates", "cpu", "memory" })
            Assert.Contains($"id=\"{chart}\"", html);
        Assert.Contains("ConsStats1.csv (", html);
        Assert.Contains("ProvStats1.csv (", html);
        Assert.Contains("<h3>ConsSummary.out</h3>", html);
        Assert.Contains("<h3>ProvSummary.out</h3>", html);
        Assert.Contains("<td>Item Count</td><td>100</td>", html);
        // The tools' own HdrHistogram output (.hgrm beside the latency CSV) is read, not recomputed from the CSV.
        Assert.True(File.Exists(run.PathOf("ConsLatency1.hgrm")));
        Assert.Contains("<tr><td>ConsLatency1 (.hgrm)</td>", html);
    }

    private static int FreePort()
    {
        using var probe = new TcpListener(IPAddress.Loopback, 0);
        probe.Start();
        return ((IPEndPoint)probe.LocalEndpoint).Port;
    }
}
