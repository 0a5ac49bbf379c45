using PerfTools.Tests.ConsPerf;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// The same input error reads the same in every tool: "&lt;Tool&gt;: message data: &lt;file&gt;: cannot open the message
/// data file: ...", exit 1. ConsPerf reads -msgFile only to post or send generic messages (guide §4.4), so without them
/// a missing file is not an error there; it is still said, as a warning, not accepted in silence.
/// </summary>
public sealed class MsgFileWordingTests : IDisposable
{
    private readonly TempFolder _dir = new("msgfile-");

    public void Dispose() => _dir.Dispose();

    private string Missing => _dir.File("NoSuchMsgData.xml");

    private string Out(string name) => _dir.File(name);

    [Fact]
    public void ProvPerf_NIProvPerf_and_a_posting_ConsPerf_word_a_missing_msgFile_alike()
    {
        var prov = new StringWriter();
        var niprov = new StringWriter();
        var cons = new StringWriter();
        int provExit = global::PerfTools.ProvPerf.ProvPerfApp.Run(["-msgFile", Missing, "-runTime", "1", "-p", "0",
            "-summaryFile", Out("ProvSummary.out"), "-statsFile", Out("ProvStats")], prov, TestContext.Current.CancellationToken);
        int niprovExit = global::PerfTools.NIProvPerf.NIProvPerfApp.Run(["-msgFile", Missing, "-runTime", "1",
            "-summaryFile", Out("NIProvSummary.out"), "-statsFile", Out("NIProvStats")], niprov, TestContext.Current.CancellationToken);
        int consExit = global::PerfTools.ConsPerf.ConsPerfApp.Run(["-msgFile", Missing, "-postingRate", "1000", "-steadyStateTime", "1",
            "-summaryFile", Out("ConsSummary.out"), "-statsFile", Out("ConsStats")], cons, TestContext.Current.CancellationToken);

        foreach ((string tool, int exit, string output) in new[] { ("ProvPerf", provExit, prov.ToString()),
                     ("NIProvPerf", niprovExit, niprov.ToString()), ("ConsPerf", consExit, cons.ToString()) })
        {
            Assert.True(exit == 1, $"{tool} exited {exit}:\n{output}");
            Assert.Contains($"{tool}: message data: {Missing}: cannot open the message data file: ", output);
        }
    }

    [Fact]
    public void A_ConsPerf_that_posts_nothing_warns_about_a_missing_msgFile_and_runs()
    {
        var cons = new StringWriter();

        int exit = global::PerfTools.ConsPerf.ConsPerfApp.Run(["-msgFile", Missing, "-steadyStateTime", "1",
            "-h", "127.0.0.1", "-p", LoopbackRun.FreePort().ToString(),
            "-summaryFile", Out("ConsSummary.out"), "-statsFile", Out("ConsStats")], cons, TestContext.Current.CancellationToken);

        Assert.Contains($"ConsPerf: warning: message data: {Missing}: no such file (not read: nothing is posted and no generic message is sent)\n",
            cons.ToString());
        Assert.Equal(7, exit); // it ran: nothing listens on that port
    }
}
