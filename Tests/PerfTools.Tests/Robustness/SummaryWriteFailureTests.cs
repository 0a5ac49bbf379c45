using PerfTools.ConsPerf;
using PerfTools.Tests.ConsPerf;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// A run whose summary file cannot be written (here /dev/full: opened fine, every write fails, as on a full disk)
/// does not exit 0: a script that trusts the exit code would look for results that are not there. ProvPerf, NIProvPerf
/// and TransportPerf already exited 1; ConsPerf and PerfHub said so on the console and exited 0. The results are still
/// on the console: TransportPerf wrote the file first and lost them.
/// </summary>
[Collection(EndToEndCollection.Name)]
public sealed class SummaryWriteFailureTests : IDisposable
{
    private const string FullDevice = "/dev/full";

    private readonly TempFolder _dir = new("summary-full-");

    public void Dispose() => _dir.Dispose();

    [Fact]
    public async Task ConsPerf_exits_1_when_a_completed_run_cannot_write_its_summary()
    {
        Assert.SkipUnless(File.Exists(FullDevice), "needs /dev/full");
        await using var run = new LoopbackRun(TimeSpan.FromSeconds(60));
        await run.StartProviderAsync();

        int exit = await run.RunConsumerAsync("-itemFile", run.WriteItemList(10), "-itemCount", "10", "-steadyStateTime", "1",
            "-summaryFile", FullDevice);

        Assert.True(exit == 1, run.ConsumerConsole.Text);
        Assert.Contains($"Error: cannot write the summary file {FullDevice}", run.ConsumerConsole.Text);
        Assert.Contains("Result: Steady-state time of 1 seconds has expired.", run.ConsumerConsole.Text); // the run itself completed
    }

    [Fact]
    public void TransportPerf_exits_1_with_its_summary_on_the_console_when_it_cannot_write_the_file()
    {
        Assert.SkipUnless(File.Exists(FullDevice), "needs /dev/full");
        var console = new StringWriter();
        var errors = new StringWriter();

        int exit = global::PerfTools.TransportPerf.TransportPerfApp.Run(
            ["-appType", "server", "-p", "0", "-runTime", "1", "-summaryFile", FullDevice, "-statsFile", _dir.File("TransportStats")],
            console, errors, TestContext.Current.CancellationToken);

        Assert.True(exit == 1, $"{console}{errors}");
        Assert.Contains($"TransportPerf: cannot write the summary file {FullDevice}: ", errors.ToString());
        Assert.Contains("--- OVERALL SUMMARY ---", console.ToString());
        Assert.Contains("Run ended: run time expired.", console.ToString());
    }

    [Fact]
    public void PerfHub_exits_1_when_it_cannot_write_its_summary()
    {
        Assert.SkipUnless(File.Exists(FullDevice), "needs /dev/full");
        var console = new StringWriter();

        int exit = global::PerfTools.PerfHub.PerfHubApp.Run(
            ["-p", "0", "-niPort", "0", "-runTime", "1", "-summaryFile", FullDevice, "-statsFile", _dir.File("HubStats")],
            console, TestContext.Current.CancellationToken);

        Assert.Equal(1, exit);
        Assert.Contains($"PerfHub: cannot write the summary file {FullDevice}", console.ToString());
        Assert.Contains("Result: ", console.ToString()); // the summary is on the console all the same
    }
}
