using Interop.Tests.Harness;
using Xunit;

namespace Interop.Tests.Cases;

/// <summary>
/// LSEG's C# edition (lenient, but a second implementation of the same wire) against ours: plain OMM and
/// TransportPerf reflection, both ways.
/// </summary>
public sealed class LsegCSharpAgainstOurs
{
    private const int Items = 100;

    [Fact]
    public async Task LSEG_CSharp_ConsPerf_against_our_ProvPerf()
    {
        await using var run = new InteropRun("cscons-vs-prov");
        int port = Listening.FreePort();
        PeerProcess provider = run.StartOurs("provperf", "ProvPerf",
            ["-p", port.ToString(), "-updateRate", "1000", "-runTime", "180", "-pingTimeout", "6"]);
        await Listening.WaitAsync(provider, port, TimeSpan.FromSeconds(30));

        PeerProcess consumer = run.StartLsegCSharp("lseg-consperf", "ConsPerf",
            ["-h", "127.0.0.1", "-p", port.ToString(), "-itemCount", Items.ToString(), "-steadyStateTime", "10",
             "-delaySteadyStateCalc", "0", "-serviceName", "DIRECT_FEED", "-writeStatsInterval", "1"]);
        await consumer.WaitForExitAsync(TimeSpan.FromSeconds(100));
        int providerExit = await provider.StopAsync(TimeSpan.FromSeconds(20));

        Outputs.AssertConsumerSteadyState("LSEG C# ConsPerf", consumer.ReadFile("ConsSummary.out"), Items, latency: true);
        Outputs.AssertLsegLogClean(consumer, ourSideCloses: false);
        Assert.True(providerExit == 0, $"our ProvPerf exited with {providerExit}:\n{provider.Tail()}");
    }

    [Fact]
    public async Task Our_ConsPerf_against_LSEG_CSharp_ProvPerf()
    {
        await using var run = new InteropRun("cons-vs-csprov");
        int port = Listening.FreePort();
        PeerProcess provider = run.StartLsegCSharp("lseg-provperf", "ProvPerf",
            ["-p", port.ToString(), "-updateRate", "1000", "-latencyUpdateRate", "10", "-runTime", "180"]);
        await Listening.WaitAsync(provider, port, TimeSpan.FromSeconds(30));

        // LSEG's C# server holds the ping timeout at 20 s as its C server does: 16 s cross two pings each way.
        PeerProcess consumer = run.StartOurs("consperf", "ConsPerf",
            ["-h", "127.0.0.1", "-p", port.ToString(), "-itemCount", Items.ToString(), "-steadyStateTime", "16", "-requestRate", "2000",
             "-pingTimeout", "20", "-writeStatsInterval", "1"]);
        int exit = await consumer.WaitForExitAsync(TimeSpan.FromSeconds(110));
        await provider.StopAsync(TimeSpan.FromSeconds(20));

        Assert.True(exit == 0, $"our ConsPerf exited with {exit}:\n{consumer.Tail()}\n--- LSEG C# ProvPerf:\n{provider.Tail()}");
        Outputs.AssertConsumerSteadyState("our ConsPerf", consumer.ReadFile("ConsSummary.out"), Items, latency: true);
        Outputs.AssertLsegLogClean(provider, ourSideCloses: true);
    }

    [Fact]
    public async Task LSEG_CSharp_TransportPerf_client_against_our_reflecting_server()
    {
        await using var run = new InteropRun("cstp-vs-server");
        int port = Listening.FreePort();
        PeerProcess server = run.StartOurs("transportperf", "TransportPerf",
            ["-appType", "server", "-p", port.ToString(), "-runTime", "180", "-pingTimeout", "6", "-reflectMsgs", "-summaryFile", "TransportSummary.out"]);
        await Listening.WaitAsync(server, port, TimeSpan.FromSeconds(30));

        PeerProcess client = run.StartLsegCSharp("lseg-client", "TransportPerf",
            ["-appType", "client", "-h", "127.0.0.1", "-p", port.ToString(), "-runTime", "10", "-msgRate", "10000", "-latencyMsgRate", "100",
             "-writeStatsInterval", "1", "-summaryFile", "TransportSummary"]);
        await client.WaitForExitAsync(TimeSpan.FromSeconds(90));
        int serverExit = await server.StopAsync(TimeSpan.FromSeconds(20));

        Outputs.AssertTransportSummary("LSEG C# TransportPerf client", SummaryOf(client), latency: true);
        Outputs.AssertLsegLogClean(client, ourSideCloses: false);
        Assert.True(serverExit == 0, $"our TransportPerf server exited with {serverExit}:\n{server.Tail()}");
    }

    [Fact]
    public async Task Our_TransportPerf_client_against_LSEG_CSharp_reflecting_server()
    {
        await using var run = new InteropRun("tp-vs-csserver");
        int port = Listening.FreePort();
        PeerProcess server = run.StartLsegCSharp("lseg-server", "TransportPerf",
            ["-appType", "server", "-p", port.ToString(), "-runTime", "180", "-reflectMsgs", "-summaryFile", "TransportSummary"]);
        await Listening.WaitAsync(server, port, TimeSpan.FromSeconds(30));

        PeerProcess client = run.StartOurs("transportperf", "TransportPerf",
            ["-appType", "client", "-h", "127.0.0.1", "-p", port.ToString(), "-runTime", "16", "-pingTimeout", "20", "-msgRate", "10000",
             "-latencyMsgRate", "100", "-writeStatsInterval", "1", "-summaryFile", "TransportSummary.out"]);
        int exit = await client.WaitForExitAsync(TimeSpan.FromSeconds(90));
        await server.StopAsync(TimeSpan.FromSeconds(20));

        Assert.True(exit == 0, $"our TransportPerf exited with {exit}:\n{client.Tail()}\n--- LSEG C# TransportPerf:\n{server.Tail()}");
        Outputs.AssertTransportSummary("our TransportPerf client", client.ReadFile("TransportSummary.out"), latency: true);
        Outputs.AssertLsegLogClean(server, ourSideCloses: true);
    }

    // LSEG's C# TransportPerf writes its summary under $HOME (the run folder here), with or without a _<pid> suffix.
    private static string SummaryOf(PeerProcess lseg)
    {
        string viaPattern = lseg.ReadFile("TransportSummary*");
        return viaPattern;
    }
}
