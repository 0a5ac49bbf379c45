using Interop.Tests.Harness;
using Xunit;

namespace Interop.Tests.Cases;

/// <summary>
/// Our ConsPerf against LSEG C's rsslProvPerf. LSEG's server holds the ping timeout at its floor of 20 s (rsslBind's
/// default minPingTimeout), so each side pings every 6.7 s; the consumer, idle towards the provider unless posting,
/// sends its pings, and 16 s of steady state cross two of them each way.
/// </summary>
public sealed class ConsPerfAgainstLsegCProvPerf
{
    private const int SteadyStateSeconds = 16;

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task Our_ConsPerf_reaches_steady_state_against_LSEG_C_ProvPerf(string mode)
    {
        OmmMode m = OmmMode.Named(mode);
        await using var run = new InteropRun("cons-vs-cprov-" + mode);
        int port = Listening.FreePort();
        string[] providerTls = [], consumerTls = [];
        if (m.Tls)
        {
            (string cert, string key) = PerfTools.Tests.ConsPerf.TestCertificate.WritePem(run.Folder);
            providerTls = ["-connType", "encrypted", "-cert", cert, "-keyfile", key];
            consumerTls = ["-connType", "encrypted", "-castore", cert];
        }
        PeerProcess provider = run.StartLsegC("lseg-provperf", "rsslProvPerf",
            ["-p", port.ToString(), "-updateRate", "1000", "-latencyUpdateRate", "10", "-runTime", "180", .. m.Provider, .. providerTls]);
        await Listening.WaitAsync(provider, port, TimeSpan.FromSeconds(30));

        PeerProcess consumer = run.StartOurs("consperf", "ConsPerf",
            ["-h", m.Tls ? "localhost" : "127.0.0.1", "-p", port.ToString(), "-itemCount", m.Items.ToString(),
             "-steadyStateTime", (m.SteadyStateSeconds ?? SteadyStateSeconds).ToString(), "-pingTimeout", "20", "-writeStatsInterval", "1", .. m.Consumer, .. consumerTls]);
        int exit = await consumer.WaitForExitAsync(TimeSpan.FromSeconds((m.SteadyStateSeconds ?? SteadyStateSeconds) + 90));
        await provider.StopAsync(TimeSpan.FromSeconds(20));

        Assert.True(exit == 0, $"our ConsPerf exited with {exit}:\n{consumer.Tail()}\n--- LSEG ProvPerf:\n{provider.Tail()}");
        Outputs.AssertConsumerSteadyState("our ConsPerf", consumer.ReadFile("ConsSummary.out"), m.Items, m.Latency);
        Outputs.AssertLsegLogClean(provider, ourSideCloses: true, webSocket: m.WebSocket);
        Outputs.AssertLsegChannelCompression(provider, m.Compression);
    }

    public static TheoryData<string> Modes => OmmMode.Names();
}
