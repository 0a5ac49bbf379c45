using Eta.Transport;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// A server tool started on a port another server listens on refuses to run: one line naming the port, exit code 1.
/// Before, the second bind succeeded (SO_REUSEPORT) and consumers landed on either server, every run exiting 0.
/// </summary>
public sealed class PortInUseTests : IDisposable
{
    private readonly TempFolder _dir = new("port-in-use-");

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void ProvPerf_refuses_a_port_in_use() =>
        AssertRefused("ProvPerf", port => global::PerfTools.ProvPerf.ProvPerfApp.Run(
            ["-p", $"{port}", "-runTime", "1", "-summaryFile", Out("ProvSummary.out"), "-statsFile", Out("ProvStats")],
            Console, TestContext.Current.CancellationToken));

    [Fact]
    public void TransportPerf_server_refuses_a_port_in_use() =>
        AssertRefused("TransportPerf", port => global::PerfTools.TransportPerf.TransportPerfApp.Run(
            ["-appType", "server", "-p", $"{port}", "-runTime", "1", "-summaryFile", Out("TransportSummary.out"),
                "-statsFile", Out("TransportStats")],
            new StringWriter(), Console, TestContext.Current.CancellationToken)); // the summary repeats it as "Run ended: failed: ..."


    [Theory]
    [InlineData("-p")]
    [InlineData("-niPort")]
    public void PerfHub_refuses_either_port_in_use(string portOption) =>
        AssertRefused("PerfHub", port => global::PerfTools.PerfHub.PerfHubApp.Run(
            [portOption, $"{port}", portOption == "-p" ? "-niPort" : "-p", "0", "-runTime", "1",
                "-summaryFile", Out("HubSummary.out"), "-statsFile", Out("HubStats")],
            Console, TestContext.Current.CancellationToken));

    /// <summary>Where the tool reports errors: its console, TransportPerf's error stream.</summary>
    private StringWriter Console { get; } = new();

    private string Out(string name) => _dir.File(name);

    private void AssertRefused(string tool, Func<int, int> run)
    {
        Transport.Initialize();
        Server? running = Transport.Bind(new BindOptions { Port = 0 }, out TransportError? error);
        Assert.True(running is not null, error?.ToString());
        int port = running.Port, exitCode;
        try
        {
            exitCode = run(port);
        }
        finally
        {
            running.Close();
            Transport.Uninitialize();
        }

        string output = Console.ToString();
        string[] refusals = output.Split('\n').Where(line => line.Contains($"port {port}") && line.Contains("in use")).ToArray();
        Assert.True(refusals.Length == 1, $"{tool} printed no single line naming port {port} as in use:\n{output}");
        Assert.StartsWith($"{tool}: cannot listen on port {port}: the address is in use", refusals[0]);
        Assert.Equal(1, exitCode);
    }
}
