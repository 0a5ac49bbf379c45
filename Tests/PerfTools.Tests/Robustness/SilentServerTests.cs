using System.Net;
using System.Net.Sockets;
using PerfTools.ConsPerf;
using PerfTools.NIProvPerf;
using PerfTools.TransportPerf;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// A server that accepts the TCP connection and never answers the ConnectReq (a service that is not RSSL, or one too
/// busy to answer): no attempt fails, so the give-up line says where the attempt under way stood, in every tool.
/// </summary>
public sealed class SilentServerTests : IDisposable
{
    private const string Where = "(no attempt failed; the one under way was connected, and the server had sent nothing in answer to its ConnectReq";
    private readonly TempFolder _dir = new("silent-server-");
    private readonly TcpListener _server = new(IPAddress.Loopback, 0);
    private readonly List<Socket> _accepted = [];
    private readonly CancellationTokenSource _stop = new();

    public SilentServerTests()
    {
        _server.Start();
        _ = AcceptAndHoldAsync();
    }

    private string Port => ((IPEndPoint)_server.LocalEndpoint).Port.ToString();

    // "" for the transport channel directly, else the option that picks another path (-reactor, -watchlist).
    private static string[] PathOption(string option) => option.Length == 0 ? [] : [option];

    private string[] Outputs => ["-summaryFile", _dir.File("s.out"), "-statsFile", _dir.File("st")];

    private async Task AcceptAndHoldAsync()
    {
        try
        {
            while (true)
            {
                Socket accepted = await _server.AcceptSocketAsync(_stop.Token);
                lock (_accepted)
                    _accepted.Add(accepted);
            }
        }
        catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException)
        {
        }
    }

    public void Dispose()
    {
        _stop.Cancel();
        _server.Stop();
        lock (_accepted)
            _accepted.ForEach(s => s.Dispose());
        _dir.Dispose();
    }

    [Theory]
    [InlineData("")] // the transport channel directly
    [InlineData("-reactor")]
    [InlineData("-watchlist")]
    public void ConsPerf_says_the_server_sent_nothing_and_prints_no_retry_for_the_stop(string path)
    {
        var console = new StringWriter();

        int exit = ConsPerfApp.Run(["-h", "127.0.0.1", "-p", Port, "-steadyStateTime", "2", .. PathOption(path), .. Outputs], console, TestContext.Current.CancellationToken);

        Assert.Equal(7, exit);
        Assert.Contains($"Result: FAILED: cannot connect to 127.0.0.1:{Port} within 2 s {Where}", console.ToString());
        Assert.DoesNotContain("retrying", console.ToString());
    }

    [Fact]
    public void TransportPerf_says_the_server_sent_nothing()
    {
        var console = new StringWriter();

        int exit = TransportPerfApp.Run(["-appType", "client", "-h", "127.0.0.1", "-p", Port, "-runTime", "2", .. Outputs],
            console, console, TestContext.Current.CancellationToken);

        Assert.Equal(3, exit);
        Assert.Contains($"Run ended: cannot connect to 127.0.0.1:{Port} within 2 s {Where}", console.ToString());
    }

    [Fact]
    public void TransportPerf_through_a_proxy_that_never_answers_says_so()
    {
        var console = new StringWriter();

        int exit = TransportPerfApp.Run(["-appType", "client", "-h", "127.0.0.1", "-p", "1", "-proxy", "-ph", "127.0.0.1", "-pp", Port,
            "-runTime", "2", .. Outputs], console, console, TestContext.Current.CancellationToken);

        Assert.Equal(3, exit);
        Assert.Contains("Run ended: cannot connect to 127.0.0.1:1 within 2 s (no attempt failed; the one under way was waiting for the " +
            "proxy's answer to CONNECT, and the proxy had sent nothing)", console.ToString());
    }

    [Theory]
    [InlineData("")]
    [InlineData("-reactor")]
    public void NIProvPerf_says_the_server_sent_nothing(string path)
    {
        var console = new StringWriter();

        int exit = NIProvPerfApp.Run(["-h", "127.0.0.1", "-p", Port, "-runTime", "2", .. PathOption(path), .. Outputs], console, TestContext.Current.CancellationToken);

        Assert.Equal(NIProvPerfApp.RunFailed, exit);
        Assert.Contains($"Test ended early: cannot connect to 127.0.0.1:{Port} within 2 s {Where}", console.ToString());
    }
}
