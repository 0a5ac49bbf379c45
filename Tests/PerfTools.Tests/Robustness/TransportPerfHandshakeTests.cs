using System.Globalization;
using System.Net;
using System.Net.Sockets;
using PerfTools.TransportPerf.Network;
using PerfTools.TransportPerf.Options;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// TransportPerf's server with a client that connects and says nothing ahead of a good one: the good client's
/// handshake completes and it is handed out first (the stalled one does not hold the accept loop), and the stalled
/// one is then reported with its address and the transport's initialization-timeout reason. Ordered by events, not
/// timed: the limit is the server's 15 s.
/// </summary>
public sealed class TransportPerfHandshakeTests
{
    [Fact]
    public async Task A_client_stalled_in_the_handshake_does_not_hold_up_the_next_one()
    {
        CancellationToken token = TestContext.Current.CancellationToken;
        using var serverEndpoints = new EtaTransportEndpoints(TransportPerfCommandLine.Parse(["-p", "0"]).Options!);
        using IPerfListener listener = serverEndpoints.Listen();
        using var stalled = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        await stalled.ConnectAsync(new IPEndPoint(IPAddress.Loopback, listener.Port), token);
        using var clientEndpoints = new EtaTransportEndpoints(TransportPerfCommandLine.Parse(
            ["-appType", "client", "-h", "127.0.0.1", "-p", listener.Port.ToString(CultureInfo.InvariantCulture)]).Options!);
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(token);
        deadline.CancelAfter(TimeSpan.FromSeconds(120));

        Task<IPerfChannel?> connecting = Task.Factory.StartNew(() => clientEndpoints.Connect(deadline.Token, out _),
            deadline.Token, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        var failures = new List<string>();
        IPerfChannel? served = null;
        while (served is null && !deadline.IsCancellationRequested)
        {
            served = listener.Accept(TimeSpan.FromMilliseconds(50), deadline.Token, out string? failure);
            if (failure is not null)
                failures.Add(failure);
        }
        using IPerfChannel? client = await connecting.WaitAsync(deadline.Token);
        using (served)
        {
            Assert.True(failures.Count == 0, "a failure came before the good client was served: " + string.Join("; ", failures));
            Assert.NotNull(served);
            Assert.NotNull(client);

            string? stalledFailure = null;
            while (stalledFailure is null && !deadline.IsCancellationRequested)
                Assert.Null(listener.Accept(TimeSpan.FromMilliseconds(100), deadline.Token, out stalledFailure));
            Assert.StartsWith($"{stalled.LocalEndPoint}: ", stalledFailure);
            Assert.Contains("within the initialization timeout (15 s): the client sent nothing", stalledFailure);
        }
    }
}
