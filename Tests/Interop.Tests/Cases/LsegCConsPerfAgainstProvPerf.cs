using Interop.Tests.Harness;
using Xunit;

namespace Interop.Tests.Cases;

/// <summary>
/// LSEG C's rsslConsPerf against our ProvPerf. Our server offers a ping timeout of 6 s, which LSEG's client accepts,
/// so LSEG pings every 2 s: 10 s of steady state cross several.
/// </summary>
public sealed class LsegCConsPerfAgainstProvPerf
{
    private const int SteadyStateSeconds = 10;

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task LSEG_C_ConsPerf_reaches_steady_state_against_our_ProvPerf(string mode)
    {
        OmmMode m = OmmMode.Named(mode);
        await using var run = new InteropRun("ccons-vs-prov-" + mode);
        int port = Listening.FreePort();
        string[] providerTls = [], consumerTls = [];
        if (m.Tls)
        {
            (string cert, string key) = PerfTools.Tests.ConsPerf.TestCertificate.WritePem(run.Folder);
            providerTls = ["-c", "encrypted", "-cert", cert, "-keyfile", key];
            consumerTls = ["-connType", "encrypted", "-castore", cert];
        }
        PeerProcess provider = run.StartOurs("provperf", "ProvPerf",
            ["-p", port.ToString(), "-updateRate", "1000", "-latencyUpdateRate", "10", "-runTime", "180", "-pingTimeout", "6",
             .. m.Provider, .. providerTls]);
        await Listening.WaitAsync(provider, port, TimeSpan.FromSeconds(30));

        PeerProcess consumer = run.StartLsegC("lseg-consperf", "rsslConsPerf",
            ["-h", m.Tls ? "localhost" : "127.0.0.1", "-p", port.ToString(), "-itemCount", m.Items.ToString(),
             "-steadyStateTime", (m.SteadyStateSeconds ?? SteadyStateSeconds).ToString(), "-serviceName", "DIRECT_FEED", "-writeStatsInterval", "1",
             .. m.Consumer, .. consumerTls]);
        await consumer.WaitForExitAsync(TimeSpan.FromSeconds((m.SteadyStateSeconds ?? SteadyStateSeconds) + 90));
        int providerExit = await provider.StopAsync(TimeSpan.FromSeconds(20));

        Outputs.AssertConsumerSteadyState("LSEG C ConsPerf", consumer.ReadFile("ConsSummary.out"), m.Items, m.Latency);
        Outputs.AssertLsegLogClean(consumer, ourSideCloses: false, webSocket: m.WebSocket);
        Outputs.AssertLsegChannelCompression(consumer, m.Compression);
        Assert.True(providerExit == 0, $"our ProvPerf exited with {providerExit}:\n{provider.Tail()}");
    }

    public static TheoryData<string> Modes => OmmMode.Names();
}
