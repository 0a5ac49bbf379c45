using System.Globalization;
using Eta.TestSupport;
using PerfTools.Common.Threading;
using PerfTools.TransportPerf.Network;
using PerfTools.TransportPerf.Options;
using PerfTools.TransportPerf.Session;
using PerfTools.TransportPerf.Statistics;
using Xunit;

namespace PerfTools.Tests.TransportPerf;

/// <summary>TransportPerf's send and receive paths over the real RSSL transport on loopback, driven from one thread.</summary>
[Collection(TransportPerfEndToEnd.Name)]
public sealed class SteadyStateAllocationTests
{
    private static TransportPerfOptions Options(params string[] args) => TransportPerfCommandLine.Parse(args).Options!;

    [Fact]
    public async Task Sending_and_receiving_over_the_transport_allocate_nothing_per_message()
    {
        CancellationToken token = TestContext.Current.CancellationToken;
        TransportPerfOptions serverOptions = Options("-p", "0", "-msgRate", "0", "-latencyMsgRate", "0");
        using var serverEndpoints = new EtaTransportEndpoints(serverOptions);
        using IPerfListener listener = serverEndpoints.Listen();
        TransportPerfOptions clientOptions = Options("-appType", "client", "-h", "127.0.0.1",
            "-p", listener.Port.ToString(CultureInfo.InvariantCulture), "-msgRate", "100000", "-latencyMsgRate", "1000", "-pack", "4");
        using var clientEndpoints = new EtaTransportEndpoints(clientOptions);

        Task<IPerfChannel?> connecting = Task.Factory.StartNew(() => clientEndpoints.Connect(token, out _),
            token, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        IPerfChannel? serverChannel = null;
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(token);
        deadline.CancelAfter(TimeSpan.FromSeconds(120));
        while (serverChannel is null && !deadline.IsCancellationRequested)
            serverChannel = listener.Accept(TimeSpan.FromMilliseconds(50), deadline.Token, out _);
        IPerfChannel? clientChannel = await connecting.WaitAsync(TimeSpan.FromSeconds(30), token);
        Assert.NotNull(serverChannel);
        Assert.NotNull(clientChannel);

        using (serverChannel)
        using (clientChannel)
        {
            var senderStats = new TransportThreadStats(1);
            var receiverStats = new TransportThreadStats(2);
            var sender = new TransportSession(clientChannel, clientOptions, senderStats, seed: 1);
            var receiver = new TransportSession(serverChannel, serverOptions, receiverStats, seed: 2);

            long tickNumber = 0;
            void Ticks(int count)
            {
                for (int tick = 0; tick < count; tick++)
                {
                    sender.SendBurst(++tickNumber);
                    sender.FlushIfQueued();
                    while (receiverStats.MsgsReceived.Total < senderStats.MsgsSent.Total && !deadline.IsCancellationRequested)
                    {
                        receiver.Read();
                        sender.FlushIfQueued();
                    }
                    while (receiverStats.Latencies.TryDequeue(out _))
                    {
                    }
                }
            }

            // Runs of 100,000 messages: warm-up runs, then at least three measured ones.
            int runs = 0;
            AllocationAssert.None(() =>
            {
                Ticks(1000);
                runs++;
            });

            Assert.False(deadline.IsCancellationRequested, "the receiver kept up within the time limit");
            Assert.Equal(runs * 100_000L, senderStats.MsgsSent.Total);
            Assert.Equal(senderStats.MsgsSent.Total, receiverStats.MsgsReceived.Total);
            Assert.Equal(0, receiverStats.SequenceErrors.Total);
        }
    }
}
