using System.Net;
using System.Net.Sockets;
using PerfTools.Tests.ConsPerf;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// ProvPerf in <c>-reactor</c> mode with a client that connects and sends nothing: the reactor steps the handshake on
/// every dispatch, so <c>-initTimeout</c> closes it there too, logged with the transport's reason, and the client sees
/// the connection closed; a good ConsPerf connecting after it is served.
/// </summary>
[Collection(EndToEndCollection.Name)]
public sealed class ReactorHandshakeTimeLimitTests
{
    [Fact]
    public async Task A_silent_client_is_closed_at_the_limit_in_reactor_mode()
    {
        await using var run = new LoopbackRun(TimeSpan.FromSeconds(120));
        string items = run.WriteItemList(10);
        await run.StartProviderAsync(0, "-reactor", "-updateRate", "1000", "-tickRate", "1000", "-initTimeout", "1");
        Task closed = run.ProviderConsole.WhenWritten(
            "Channel closed before it came up: Channel initialization failed: Init: the handshake did not complete within the " +
            "initialization timeout (1 s): the client sent nothing (the server waited for its ConnectReq)", run.Limit);
        using var silent = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        await silent.ConnectAsync(new IPEndPoint(IPAddress.Loopback, run.Port), run.Limit);

        int exit = await run.RunConsumerAsync("-itemFile", items, "-itemCount", "10", "-steadyStateTime", "2");
        await closed;
        int received = await silent.ReceiveAsync(new byte[16], SocketFlags.None, run.Limit);
        int providerExit = await run.StopProviderAsync();

        Assert.True(exit == 0, $"ConsPerf exit {exit}:\n{run.ConsumerConsole.Text}");
        Assert.Equal(0, providerExit);
        Assert.Equal(0, received); // the provider hung up on the silent client
        Assert.Contains("  Refreshes received: 10\n", run.ConsumerSummary);
    }
}
