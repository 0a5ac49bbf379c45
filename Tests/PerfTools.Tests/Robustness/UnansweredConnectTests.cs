using System.Net;
using System.Net.Sockets;
using PerfTools.ConsPerf;
using PerfTools.NIProvPerf;
using PerfTools.PerfHub;
using PerfTools.TransportPerf;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// A host that never answers a TCP connect (down, or behind a firewall that drops packets): no attempt fails, so the
/// give-up line says the attempt under way had no TCP connection yet, in every tool. The host is a listener on
/// loopback whose accept queue is full and never emptied: Linux then drops further SYNs, as a black hole does.
/// </summary>
public sealed class UnansweredConnectTests : IDisposable
{
    private readonly TempFolder _dir = new("unanswered-connect-");
    private readonly Socket _listener = new(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
    private readonly List<Socket> _queued = [];

    public UnansweredConnectTests()
    {
        _listener.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        _listener.Listen(0);
        FillAcceptQueue();
    }

    private string Port => ((IPEndPoint)_listener.LocalEndPoint!).Port.ToString();

    private string Where =>
        $"(no attempt failed; the one under way had no TCP connection to 127.0.0.1:{Port} yet (no answer to its connect: " +
        "a host that is down, or a firewall that drops packets))";

    private string[] Outputs => ["-summaryFile", _dir.File("s.out"), "-statsFile", _dir.File("st")];

    // Connects until one gets no answer: from then on the listener drops every SYN.
    private void FillAcceptQueue()
    {
        for (int i = 0; i < 16; i++)
        {
            var client = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { Blocking = false };
            _queued.Add(client);
            try
            {
                client.Connect(_listener.LocalEndPoint!);
            }
            catch (SocketException e) when (e.SocketErrorCode is SocketError.WouldBlock or SocketError.InProgress)
            {
            }
            if (!client.Poll(TimeSpan.FromMilliseconds(300), SelectMode.SelectWrite))
                return;
        }
        Assert.Fail("the listener answered every connect: this kernel does not drop SYNs for a full accept queue");
    }

    public void Dispose()
    {
        _queued.ForEach(s => s.Dispose());
        _listener.Dispose();
        _dir.Dispose();
    }

    [Theory]
    [InlineData("")] // the transport channel directly
    [InlineData("-reactor")]
    public void ConsPerf_says_no_TCP_connection_was_made(string path)
    {
        var console = new StringWriter();

        int exit = ConsPerfApp.Run(["-h", "127.0.0.1", "-p", Port, "-steadyStateTime", "2", .. path.Length == 0 ? [] : new[] { path },
            .. Outputs], console, TestContext.Current.CancellationToken);

        Assert.True(exit == 7, console.ToString());
        Assert.Contains($"Result: FAILED: cannot connect to 127.0.0.1:{Port} within 2 s {Where}", console.ToString());
    }

    [Fact]
    public void NIProvPerf_says_no_TCP_connection_was_made()
    {
        var console = new StringWriter();

        int exit = NIProvPerfApp.Run(["-h", "127.0.0.1", "-p", Port, "-runTime", "2", .. Outputs], console, TestContext.Current.CancellationToken);

        Assert.True(exit == NIProvPerfApp.RunFailed, console.ToString());
        Assert.Contains($"Test ended early: cannot connect to 127.0.0.1:{Port} within 2 s {Where}", console.ToString());
    }

    [Fact]
    public void TransportPerf_says_no_TCP_connection_was_made()
    {
        var console = new StringWriter();

        int exit = TransportPerfApp.Run(["-appType", "client", "-h", "127.0.0.1", "-p", Port, "-runTime", "2", .. Outputs],
            console, console, TestContext.Current.CancellationToken);

        Assert.True(exit == 3, console.ToString());
        Assert.Contains($"Run ended: cannot connect to 127.0.0.1:{Port} within 2 s {Where}", console.ToString());
    }

    [Fact]
    public void PerfHub_says_its_upstream_had_no_TCP_connection()
    {
        var console = new StringWriter();

        int exit = PerfHubApp.Run(["-p", "0", "-niPort", "0", "-upstream", $"127.0.0.1:{Port}", "-runTime", "2", .. Outputs],
            console, TestContext.Current.CancellationToken);

        Assert.True(exit == 0, console.ToString());
        Assert.Contains($"Upstream 127.0.0.1:{Port} not connected at the end: its handshake has not completed: the attempt had no " +
            $"TCP connection to 127.0.0.1:{Port} yet (no answer to its connect: a host that is down, or a firewall that drops packets)",
            console.ToString());
    }
}
