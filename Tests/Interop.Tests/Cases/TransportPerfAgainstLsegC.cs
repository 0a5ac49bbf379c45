using Interop.Tests.Harness;
using Xunit;

namespace Interop.Tests.Cases;

/// <summary>
/// Our TransportPerf client against LSEG C's rsslTransportPerf server. LSEG's server holds the ping timeout at 20 s,
/// so each side pings every 6.7 s: a 16 s run crosses two each way.
/// </summary>
public sealed class TransportPerfAgainstLsegC
{
    private const int RunSeconds = 16;

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task Our_TransportPerf_client_runs_against_LSEG_C_server(string mode)
    {
        TransportMode m = TransportMode.Named(mode);
        await using var run = new InteropRun("tp-vs-cserver-" + mode);
        int port = Listening.FreePort();
        PeerProcess server = run.StartLsegC("lseg-server", "rsslTransportPerf",
            ["-appType", "server", "-p", port.ToString(), "-runTime", "180", "-writeStatsInterval", "1", "-summaryFile", "TransportSummary",
             .. m.Server, .. m.LsegSide]);
        await Listening.WaitAsync(server, port, TimeSpan.FromSeconds(30));

        PeerProcess client = run.StartOurs("transportperf", "TransportPerf",
            ["-appType", "client", "-h", "127.0.0.1", "-p", port.ToString(), "-runTime", RunSeconds.ToString(), "-pingTimeout", "20",
             "-writeStatsInterval", "1", "-summaryFile", "TransportSummary.out", .. m.Client, .. m.OurSide]);
        int exit = await client.WaitForExitAsync(TimeSpan.FromSeconds(RunSeconds + 60));
        await server.StopAsync(TimeSpan.FromSeconds(20));

        Assert.True(exit == 0, $"our TransportPerf exited with {exit}:\n{client.Tail()}\n--- LSEG TransportPerf:\n{server.Tail()}");
        Outputs.AssertTransportSummary("our TransportPerf client", client.ReadFile("TransportSummary.out"),
            latency: m.ClientLatency || m.Name == TransportMode.OneWay);
        Outputs.AssertLsegLogClean(server, ourSideCloses: true, webSocket: m.WebSocket);
        Outputs.AssertLsegChannelCompression(server, m.Compression);
    }

    public static TheoryData<string> Modes => TransportMode.Names();
}

/// <summary>
/// LSEG C's rsslTransportPerf client against our TransportPerf server, which offers a ping timeout of 6 s that LSEG's
/// client accepts: pings every 2 s each way where a side is idle.
/// </summary>
public sealed class LsegCTransportPerfAgainstOurs
{
    private const int RunSeconds = 10;

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task LSEG_C_TransportPerf_client_runs_against_our_server(string mode)
    {
        TransportMode m = TransportMode.Named(mode);
        await using var run = new InteropRun("ctp-vs-server-" + mode);
        int port = Listening.FreePort();
        PeerProcess server = run.StartOurs("transportperf", "TransportPerf",
            ["-appType", "server", "-p", port.ToString(), "-runTime", "180", "-pingTimeout", "6", "-writeStatsInterval", "1",
             "-summaryFile", "TransportSummary.out", .. m.Server, .. m.OurSide]);
        await Listening.WaitAsync(server, port, TimeSpan.FromSeconds(30));

        PeerProcess client = run.StartLsegC("lseg-client", "rsslTransportPerf",
            ["-appType", "client", "-h", "127.0.0.1", "-p", port.ToString(), "-runTime", RunSeconds.ToString(), "-writeStatsInterval", "1",
             "-summaryFile", "TransportSummary", .. m.Client, .. m.LsegSide]);
        await client.WaitForExitAsync(TimeSpan.FromSeconds(RunSeconds + 60));
        int serverExit = await server.StopAsync(TimeSpan.FromSeconds(20));

        // LSEG C appends _<pid>.out to the summary file's name.
        bool oneWay = m.Name == TransportMode.OneWay;
        Outputs.AssertTransportSummary("LSEG C TransportPerf client", client.ReadFile("TransportSummary_*.out"), m.ClientLatency, sendsOnly: oneWay);
        if (oneWay)
            Outputs.AssertTransportSummary("our TransportPerf server", server.ReadFile("TransportSummary.out"), latency: true);
        Outputs.AssertLsegLogClean(client, ourSideCloses: false, webSocket: m.WebSocket);
        Outputs.AssertLsegChannelCompression(client, m.Compression);
        Assert.True(serverExit == 0, $"our TransportPerf server exited with {serverExit}:\n{server.Tail()}");
    }

    public static TheoryData<string> Modes => TransportMode.Names();
}
