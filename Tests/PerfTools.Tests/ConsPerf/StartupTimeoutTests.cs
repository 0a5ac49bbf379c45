using PerfTools.ConsPerf;
using Xunit;

namespace PerfTools.Tests.ConsPerf;

/// <summary>
/// -steadyStateTime is also the startup timeout (§4.4): a consumer that cannot reach its provider gives up after it
/// with one line saying why, still writes its summary, and exits non-zero. Before, it retried until stopped.
/// </summary>
[Collection(EndToEndCollection.Name)]
public sealed class StartupTimeoutTests
{
    // Far beyond the 1 s timeout under test: reaching it means the consumer never gave up (it is then cancelled, exit 6).
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task A_port_nobody_listens_on_ends_the_run_with_cannot_connect()
    {
        await using var run = new LoopbackRun(Limit);
        int port = LoopbackRun.FreePort();

        int exit = await RunConsumer(run, "127.0.0.1", port);

        Assert.True(exit == 7, run.ConsumerConsole.Text);
        Assert.Contains($"\nError: cannot connect to 127.0.0.1:{port} within 1 s (last attempt: ", run.ConsumerConsole.Text);
        Assert.Contains($"Result: FAILED: cannot connect to 127.0.0.1:{port} within 1 s", run.ConsumerSummary);
    }

    [Fact]
    public async Task A_host_name_with_no_address_ends_the_run_with_host_not_found()
    {
        await using var run = new LoopbackRun(Limit);

        int exit = await RunConsumer(run, "nosuchhost.invalid", LoopbackRun.FreePort());

        Assert.True(exit == 8, run.ConsumerConsole.Text);
        Assert.Contains("\nError: host not found: nosuchhost.invalid has no address", run.ConsumerConsole.Text);
        Assert.Contains("Result: FAILED: host not found: nosuchhost.invalid", run.ConsumerSummary);
        Assert.Contains("--- OVERALL SUMMARY ---", run.ConsumerSummary);
    }

    private static Task<int> RunConsumer(LoopbackRun run, string host, int port)
    {
        string[] args = run.ConsumerArgs(["-itemFile", run.WriteItemList(10), "-itemCount", "10", "-steadyStateTime", "1"]);
        args[Array.IndexOf(args, "-h") + 1] = host;
        args[Array.IndexOf(args, "-p") + 1] = port.ToString();
        return Task.Run(() => ConsPerfApp.Run(args, run.ConsumerConsole, run.Limit));
    }
}
