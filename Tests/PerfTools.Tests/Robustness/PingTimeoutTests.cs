using System.Net.Sockets;
using System.Text.RegularExpressions;
using Eta.Transport;
using PerfTools.ConsPerf;
using PerfTools.Tests.ConsPerf;
using PerfTools.Tests.ProvPerf;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// A peer that completes the RIPC handshake and then goes silent (no messages, no pings) is found by each side
/// within the negotiated ping timeout: ConsPerf ends with its lost-connection exit code and a complete summary;
/// ProvPerf closes that channel with the reason and goes on serving others.
/// </summary>
[Collection(EndToEndCollection.Name)]
public sealed partial class PingTimeoutTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(90);

    [Fact]
    public async Task ConsPerf_exits_with_connection_lost_when_its_provider_goes_silent()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(10);
        Transport.Initialize(new InitArgs { GlobalLocking = true });
        Server server = Transport.Bind(new BindOptions { Port = 0, InterfaceName = "127.0.0.1", PingTimeout = 2, MinPingTimeout = 1 },
            out TransportError? bindError) ?? throw new InvalidOperationException($"bind failed: {bindError}");
        Channel? silent = null;
        try
        {
            string[] args =
            [
                "-h", "127.0.0.1", "-p", server.Port.ToString(), "-tickRate", "1000", "-itemFile", items, "-itemCount", "10",
                "-steadyStateTime", "60", "-summaryFile", run.PathOf("ConsSummary.out"), "-statsFile", run.PathOf("ConsStats"),
            ];
            Task<int> consumer = Task.Run(() => ConsPerfApp.Run(args, run.ConsumerConsole, run.Limit));
            silent = AcceptAndHandshake(server, run.Limit);
            // From here the "provider" sends nothing: no login answer, no pings.

            int exit = await consumer.WaitAsync(run.Limit);

            Assert.True(exit == 4, $"ConsPerf exit {exit}:\n{run.ConsumerConsole.Text}");
            string summary = run.ConsumerSummary;
            Assert.Matches(@"Result: FAILED: .*connection lost: .*the peer went silent.*\n$", summary);
        }
        finally
        {
            silent?.Close();
            server.Close();
            Transport.Uninitialize();
        }
    }

    [Fact]
    public async Task ProvPerf_closes_a_silent_channel_and_goes_on_serving()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(10);
        await run.StartProviderAsync(0, "-pingTimeout", "3", "-updateRate", "1000", "-tickRate", "1000");
        Task closed = run.ProviderConsole.WhenWritten("the peer went silent", run.Limit);

        using (TestConsumer.Connect(run.Port, run.Limit))
        {
            // Handshaken, then silent: it neither sends nor reads.
            await closed;
        }
        int exit = await run.RunConsumerAsync("-itemFile", items, "-itemCount", "10", "-steadyStateTime", "2");
        int providerExit = await run.StopProviderAsync();

        Assert.Single(SilentClose().Matches(run.ProviderConsole.Text));
        Assert.True(exit == 0, $"ConsPerf exit {exit} after the silent channel was closed:\n{run.ConsumerConsole.Text}");
        Assert.Equal(0, providerExit);
        Assert.Contains("  Refreshes received: 10\n", run.ConsumerSummary);
    }

    // The server side of the handshake, with bounded waits; the channel is then left alone.
    private static Channel AcceptAndHandshake(Server server, CancellationToken limit)
    {
        Channel? channel = null;
        while (channel is null)
        {
            limit.ThrowIfCancellationRequested();
            if (server.Socket.Poll(10_000, SelectMode.SelectRead))
                channel = server.Accept();
        }
        while (true)
        {
            limit.ThrowIfCancellationRequested();
            TransportReturnCode rc = channel.Init();
            if (rc == TransportReturnCode.Success)
                return channel;
            Assert.True(rc == TransportReturnCode.ChanInitInProgress, $"handshake failed: {rc} {channel.Error}");
            channel.Socket.Poll(10_000, SelectMode.SelectRead);
        }
    }

    [GeneratedRegex(@"^Channel \S+ closed: ping check failed: .*nothing received from the peer.*the peer went silent$", RegexOptions.Multiline)]
    private static partial Regex SilentClose();
}
