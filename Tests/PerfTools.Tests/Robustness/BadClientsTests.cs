using System.Net;
using System.Net.Sockets;
using System.Text.RegularExpressions;
using PerfTools.Tests.ConsPerf;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// 50 misbehaving clients against ProvPerf (half send a garbage frame, half stop in the middle of the handshake)
/// while a good ConsPerf runs: the good consumer still gets every image and reaches and completes steady state, it
/// receives (within 20%) the updates the provider says it sent, and the provider closes every bad channel with a
/// logged reason: the garbage ones at once, the stalled ones when their handshake outlasts <c>-initTimeout</c> (1 s
/// here). Each bad client is followed by its own address in the log. Nothing here is timed against the wall clock;
/// latency under this load is compared by <c>PerfTools/bench/bad-clients.sh</c>.
/// </summary>
[Collection(EndToEndCollection.Name)]
public sealed class BadClientsTests
{
    private const int GarbageClients = 25;
    private const int StalledClients = 25;
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(120);

    [Fact]
    public async Task A_good_consumer_is_served_while_50_bad_clients_misbehave()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(100);
        await run.StartProviderAsync(0, "-updateRate", "2000", "-tickRate", "1000", "-initTimeout", "1");
        var bad = new List<Socket>();
        try
        {
            for (int i = 0; i < GarbageClients + StalledClients; i++)
                bad.Add(await ConnectAsync(run.Port, run.Limit));
            // A frame header declaring a 64-byte frame, then 62 random bytes: a whole frame that is no ConnectReq.
            var garbage = new byte[64];
            new Random(13).NextBytes(garbage);
            garbage[0] = 0x00;
            garbage[1] = 0x40;
            for (int i = 0; i < GarbageClients; i++)
                await bad[i].SendAsync(garbage, SocketFlags.None, run.Limit);
            // The first 2 bytes of a RIPC ConnectReq header and nothing more: a handshake that stalls.
            for (int i = GarbageClients; i < bad.Count; i++)
                await bad[i].SendAsync(new byte[] { 0x00, 0x40 }, SocketFlags.None, run.Limit);

            Task<string>[] closes = [.. bad.Select(socket => ClosedLineOf(run, socket))];

            int exit = await run.RunConsumerAsync("-itemFile", items, "-itemCount", "100", "-steadyStateTime", "8");
            string[] closed = await Task.WhenAll(closes);
            int providerExit = await run.StopProviderAsync();

            Assert.True(exit == 0, $"ConsPerf exit {exit}:\n{run.ConsumerConsole.Text}");
            Assert.Equal(0, providerExit);
            string consumer = run.ConsumerSummary;
            Assert.Contains("  Refreshes received: 100\n", consumer);
            long received = Stat(consumer, "Updates received");
            long sent = Stat(run.ProviderSummary, "Updates sent");
            Assert.True(sent > 0, "the provider sent no updates");
            Assert.InRange(received, sent * 0.8, sent * 1.2);
            for (int i = 0; i < GarbageClients; i++)
                Assert.True(closed[i].Contains("(or sent garbage)", StringComparison.Ordinal), closed[i]);
            for (int i = GarbageClients; i < bad.Count; i++)
                Assert.Contains("initialization failed: Failure: Init: the handshake did not complete within the initialization timeout (1 s): " +
                    "the client sent 2 bytes of a ConnectReq and stopped", closed[i]);
        }
        finally
        {
            foreach (Socket socket in bad)
                socket.Dispose();
        }
    }

    private static async Task<Socket> ConnectAsync(int port, CancellationToken cancellation)
    {
        var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        await socket.ConnectAsync(new IPEndPoint(IPAddress.Loopback, port), cancellation);
        return socket;
    }

    private static long Stat(string summary, string name)
    {
        Match m = Regex.Match(summary, $@"^\s*{Regex.Escape(name)}: (\d+)\s*$", RegexOptions.Multiline);
        Assert.True(m.Success, $"no '{name}' line in:\n{summary}");
        return long.Parse(m.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture);
    }

    // The provider names a channel by its peer's address: the bad client's own local end.
    private static async Task<string> ClosedLineOf(LoopbackRun run, Socket socket)
    {
        string prefix = $"Channel {socket.LocalEndPoint} closed: ";
        await run.ProviderConsole.WhenWritten(prefix, run.Limit);
        Match line = Regex.Match(run.ProviderConsole.Text, $"^{Regex.Escape(prefix)}.*$", RegexOptions.Multiline);
        return line.Value;
    }
}
