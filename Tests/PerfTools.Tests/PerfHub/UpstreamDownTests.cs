using System.Net;
using System.Net.Sockets;
using System.Text.RegularExpressions;
using Xunit;

namespace PerfTools.Tests.PerfHub;

/// <summary>
/// An upstream provider (-upstream) that never answers is retried every second, but said once: one console line,
/// and one summary line saying it was not connected at the end. Before, each refused attempt was a closed channel:
/// a line a second on the console and in the summary, and "Channels closed" counting them.
/// </summary>
public sealed class UpstreamDownTests : IDisposable
{
    private readonly TempFolder _dir = new("hub-upstream-");

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void An_unreachable_upstream_is_reported_once_and_in_the_summary()
    {
        int closedPort = FreePort();
        var console = new StringWriter();

        int exit = global::PerfTools.PerfHub.PerfHubApp.Run(
            ["-p", "0", "-niPort", "0", "-runTime", "3", "-upstream", $"127.0.0.1:{closedPort}",
                "-summaryFile", _dir.File("HubSummary.out"), "-statsFile", _dir.File("HubStats")],
            console, TestContext.Current.CancellationToken);

        Assert.Equal(0, exit);
        string output = console.ToString();
        Assert.Single(Regex.Matches(output, $"cannot connect upstream to 127.0.0.1:{closedPort} "));
        string summary = File.ReadAllText(_dir.File("HubSummary.out"));
        Assert.Contains("  Channels closed: 0\n", summary);
        Assert.DoesNotContain("Closed upstream", summary);
        Assert.Matches($"\n  Upstream 127.0.0.1:{closedPort} not connected at the end: .*ConnectionRefused", summary);
    }

    [Fact]
    public void An_upstream_that_never_answers_is_reported_with_where_the_attempt_stood()
    {
        // Listening but never accepting: the kernel completes the TCP connect, and no RIPC answer ever comes.
        using var silent = new TcpListener(IPAddress.Loopback, 0);
        silent.Start();
        int port = ((IPEndPoint)silent.LocalEndpoint).Port;

        int exit = global::PerfTools.PerfHub.PerfHubApp.Run(
            ["-p", "0", "-niPort", "0", "-runTime", "2", "-upstream", $"127.0.0.1:{port}",
                "-summaryFile", _dir.File("HubSummary.out"), "-statsFile", _dir.File("HubStats")],
            new StringWriter(), TestContext.Current.CancellationToken);

        Assert.Equal(0, exit);
        Assert.Contains($"\n  Upstream 127.0.0.1:{port} not connected at the end: its handshake has not completed: the attempt was " +
            "connected, and the server had sent nothing in answer to its ConnectReq", File.ReadAllText(_dir.File("HubSummary.out")));
    }

    // A port nothing listens on: bound, then released.
    private static int FreePort()
    {
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        socket.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        return ((IPEndPoint)socket.LocalEndPoint!).Port;
    }
}
