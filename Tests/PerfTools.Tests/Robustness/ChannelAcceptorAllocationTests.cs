using System.Diagnostics;
using System.Runtime;
using Eta.TestSupport;
using Eta.Transport;
using PerfTools.ProvPerf.Network;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// A stream of clients that send garbage costs ProvPerf's accepting thread a fixed, small amount per connection and no
/// garbage collection: the handshake and its buffers come from the server's pool and go back on close, and the close is
/// logged without building a string. The clients are libc calls that allocate nothing, so the process-wide gen0 count
/// measures the server alone (the test runs in the allocation collection, alone).
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class ChannelAcceptorAllocationTests
{
    /// <summary>
    /// What one garbage connection may allocate on the accepting thread, amortised: what .NET allocates for an accepted
    /// socket (the Socket, its handle, its async context, the peer's address), the channel (with its gates, error and
    /// stream), and the text of the error that closes it. Measured at about 1.2 KB (.NET 10); a new handshake buffer per
    /// connection (1 KB input, 1 KB output) exceeds it.
    /// </summary>
    private const int BytesPerConnection = 1400;
    private const int WarmUpConnections = 300;
    private const int MeasuredConnections = 2000;
    private const int ClientThreads = 2;

    /// <summary>
    /// Room in the no-GC region for the rest of the process: the region is process-wide, and a thread an earlier test
    /// left winding down can allocate during the measurement (one CI run saw a gen0 with the region sized to the
    /// accepting thread's budget alone). The accepting thread's own bytes are held to its budget exactly, below.
    /// </summary>
    private const long OtherThreadsHeadroom = 32L * 1024 * 1024;
    private static readonly TimeSpan s_deadline = TimeSpan.FromSeconds(120);

    private int _finished;
    private volatile bool _stop;

    [Fact]
    public void Garbage_clients_cost_a_fixed_budget_per_connection_and_no_gen0_collection()
    {
        if (!RawLoopbackClient.IsSupported)
            Assert.Skip("the allocation-free clients are libc calls (Linux)");
        Transport.Initialize();
        Server server = Transport.Bind(new BindOptions { Port = 0, InterfaceName = "127.0.0.1", InitializationTimeout = 30 }, out TransportError? error)
            ?? throw new InvalidOperationException(error?.ToString());
        var log = new LineCountingWriter();
        var acceptor = new ChannelAcceptor(server, handshake: true, log);
        int handedOver = 0;
        Action<Channel> handOver = channel =>
        {
            handedOver++;
            channel.Close();
        };
        var garbage = new byte[64];
        new Random(13).NextBytes(garbage);
        garbage[0] = 0x00;
        garbage[1] = 0x40;
        var clients = new Thread[ClientThreads];
        for (int i = 0; i < clients.Length; i++)
        {
            clients[i] = new Thread(() => RunClient(server.Port, garbage)) { IsBackground = true };
            clients[i].Start();
        }
        try
        {
            DriveUntil(acceptor, handOver, WarmUpConnections);
            GC.Collect();
            GC.WaitForPendingFinalizers();
            int finishedBefore = Volatile.Read(ref _finished);
            int linesBefore = log.Lines;
            Assert.True(GC.TryStartNoGCRegion((long)MeasuredConnections * BytesPerConnection + OtherThreadsHeadroom),
                "could not start a no-GC region");
            int collectionsBefore = GC.CollectionCount(0);
            long bytesBefore = GC.GetAllocatedBytesForCurrentThread();

            DriveUntil(acceptor, handOver, finishedBefore + MeasuredConnections);

            long bytes = GC.GetAllocatedBytesForCurrentThread() - bytesBefore;
            int collections = GC.CollectionCount(0) - collectionsBefore;
            if (GCSettings.LatencyMode == GCLatencyMode.NoGCRegion)
                GC.EndNoGCRegion();
            int connections = Volatile.Read(ref _finished) - finishedBefore;
            int closesLogged = log.Lines - linesBefore;

            Assert.Equal(0, handedOver);
            Assert.True(closesLogged >= connections - ClientThreads, $"{closesLogged} closes logged for {connections} garbage connections");
            Assert.True(bytes <= (long)connections * BytesPerConnection,
                $"the accepting thread allocated {bytes} bytes for {connections} garbage connections ({bytes / connections} a connection; " +
                $"the budget is {BytesPerConnection})");
            Assert.True(collections == 0, $"{collections} gen0 collections during {connections} garbage connections");
            Assert.Contains("closed: initialization failed: Failure: Init: the client asked for unsupported RIPC connection version", log.LastLine);
        }
        finally
        {
            _stop = true;
            acceptor.Dispose();
            server.Close(); // connections still waiting in the backlog are reset, so every client returns
            foreach (Thread client in clients)
                client.Join(s_deadline);
            Transport.Uninitialize();
        }
    }

    private void RunClient(int port, byte[] frame)
    {
        while (!_stop)
        {
            if (RawLoopbackClient.SendAndWaitForClose(port, frame))
                Interlocked.Increment(ref _finished);
        }
    }

    private void DriveUntil(ChannelAcceptor acceptor, Action<Channel> handOver, int finished)
    {
        var clock = Stopwatch.StartNew();
        while (Volatile.Read(ref _finished) < finished)
        {
            if (clock.Elapsed > s_deadline)
                Assert.Fail($"only {Volatile.Read(ref _finished)} of {finished} garbage connections were closed within {s_deadline.TotalSeconds} s");
            acceptor.Poll(TimeSpan.FromMilliseconds(10), handOver);
        }
    }

    /// <summary>Counts the lines written through span writes (how the acceptor logs) and keeps the last one.</summary>
    private sealed class LineCountingWriter : TextWriter
    {
        private readonly char[] _last = new char[1024];
        private int _lastLength;

        public int Lines { get; private set; }

        public string LastLine => new(_last, 0, _lastLength);

        public override System.Text.Encoding Encoding => System.Text.Encoding.UTF8;

        public override void Write(ReadOnlySpan<char> buffer)
        {
            foreach (char c in buffer)
            {
                if (c == '\n')
                    Lines++;
            }
            _lastLength = Math.Min(buffer.Length, _last.Length);
            buffer[.._lastLength].CopyTo(_last);
        }

        public override void Write(char value) => throw new InvalidOperationException("the acceptor logs a close in one span write");
    }
}
