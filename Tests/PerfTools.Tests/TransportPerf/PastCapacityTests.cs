using System.Buffers.Binary;
using System.Diagnostics;
using System.Globalization;
using PerfTools.Common.Network;
using PerfTools.TransportPerf;
using PerfTools.TransportPerf.Network;
using PerfTools.TransportPerf.Options;
using Xunit;

namespace PerfTools.Tests.TransportPerf;

/// <summary>
/// A TransportPerf server asked for far more than its reader takes (issue 24): it must send what the channel takes,
/// report it in every stats row while it sends, time its summary over the run it really had, and count as sent
/// exactly what the reader can read.
/// </summary>
[Collection(TransportPerfEndToEnd.Name)]
public sealed class PastCapacityTests : IDisposable
{
    private const int RunSeconds = 5;
    private const int MsgSize = 150;
    private const int Pack = 20;

    private readonly TempFolder _dir = new("transportperf-capacity");

    public void Dispose() => _dir.Dispose();

    [Fact]
    public async Task A_sender_held_back_by_a_slow_reader_reports_every_interval_and_counts_what_was_read()
    {
        CancellationToken token = TestContext.Current.CancellationToken;
        var listening = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
        using var stopServer = CancellationTokenSource.CreateLinkedTokenSource(token);
        stopServer.CancelAfter(TimeSpan.FromSeconds(60));
        var serverOut = new StringWriter();
        var serverErr = new StringWriter();
        // 100 M msg/s asked, with a few latency messages: far past what any reader here takes.
        string[] server = ["-appType", "server", "-p", "0", "-runTime", RunSeconds.ToString(CultureInfo.InvariantCulture),
            "-msgRate", "100000000", "-latencyMsgRate", "10", "-msgSize", MsgSize.ToString(CultureInfo.InvariantCulture),
            "-pack", Pack.ToString(CultureInfo.InvariantCulture), "-outputBufs", "20", "-writeStatsInterval", "1", "-noDisplayStats",
            "-summaryFile", _dir.File("srv.out"), "-statsFile", _dir.File("SrvStats")];
        Task<int> serverTask = Task.Factory.StartNew(
            () => TransportPerfApp.Run(server, serverOut, serverErr, stopServer.Token, listening: listening.SetResult),
            token, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        Task first = await Task.WhenAny(listening.Task, serverTask).WaitAsync(TimeSpan.FromSeconds(30), token);
        Assert.True(first != serverTask, $"the server ended before listening: {serverErr}");
        int port = await listening.Task;

        TransportPerfOptions readerOptions = TransportPerfCommandLine.Parse(
            ["-appType", "client", "-h", "127.0.0.1", "-p", port.ToString(CultureInfo.InvariantCulture), "-msgRate", "0", "-latencyMsgRate", "0"]).Options!;
        using var endpoints = new EtaTransportEndpoints(readerOptions);
        var reading = Task.Factory.StartNew(() => ReadSlowlyUntilClosed(endpoints, serverTask, token),
            token, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        SlowReader reader = await reading.WaitAsync(TimeSpan.FromSeconds(90), token);
        int serverExit = await serverTask.WaitAsync(TimeSpan.FromSeconds(30), token);
        Assert.True(serverExit == 0, $"exit {serverExit}: {serverErr}{serverOut}");
        Dictionary<string, string> overall = Overall(_dir.File("srv.out"));
        // The summary's time is the time the sender had its connection, not a fraction of it.
        double duration = double.Parse(overall["Sampling duration(sec)"], CultureInfo.InvariantCulture);
        Assert.True(Math.Abs(duration - reader.ConnectedSeconds) < 1.0,
            $"sampling duration {duration:F2} s, connected for {reader.ConnectedSeconds:F2} s");

        // Every row of an interval that lay wholly inside the connection counts messages sent and their bytes;
        // the last row is the partial interval written at the end.
        string[] rows = File.ReadAllLines(_dir.File($"SrvStats1_{Environment.ProcessId}.csv"))[1..^1];
        DateTime firstWhole = reader.ConnectedUtc.AddTicks(-(reader.ConnectedUtc.Ticks % TimeSpan.TicksPerSecond)).AddSeconds(2);
        var whileSending = rows.Select(r => r.Split(", "))
            .Where(c => DateTime.ParseExact(c[0], "yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture) >= firstWhole).ToArray();
        Assert.True(whileSending.Length >= 2, $"rows written while sending: {string.Join(" | ", rows)}");
        // Messages and bytes are two counters read one after the other, so a row may split one written group (-pack
        // 20) between them; a header counted on one side only would be 3 bytes on each of thousands of messages.
        Assert.All(whileSending, c =>
        {
            Assert.True(long.Parse(c[1], CultureInfo.InvariantCulture) > 0, $"a row with nothing sent: {string.Join(", ", c)}");
            long messageBytes = long.Parse(c[1], CultureInfo.InvariantCulture) * MsgSize;
            Assert.InRange(long.Parse(c[2], CultureInfo.InvariantCulture), messageBytes - Pack * MsgSize, messageBytes + Pack * MsgSize);
        });

        Assert.True(reader.Received > 0, "the reader read messages");
        Assert.Equal(0, reader.SequenceErrors);

        // Sent = received + what the reader left unread; it read up to the server's close, so it left nothing.
        Assert.Equal(Number(overall, "Msgs Sent"), reader.Received);
        Assert.True(Number(overall, "Msgs not sent (out of buffers)") > 0, "the messages the channel could not take are counted");
        // Bytes: the message lengths the reader got.
        Assert.Equal(reader.Received * MsgSize, Megabytes(overall, "Data Sent (MB)"), tolerance: 0.01 * 1024 * 1024);
    }

    private sealed class SlowReader : IMessageHandler
    {
        private long _expected = -1;

        public long Received { get; private set; }
        public long SequenceErrors { get; private set; }
        public DateTime ConnectedUtc { get; set; }
        public double ConnectedSeconds { get; set; }

        public bool OnMessage(ReadOnlySpan<byte> message)
        {
            long sequence = BinaryPrimitives.ReadInt64LittleEndian(message);
            if (_expected >= 0 && sequence != _expected)
                SequenceErrors++;
            _expected = sequence + 1;
            Received++;
            return true;
        }
    }

    // Reads 20 messages a millisecond at most (about 3 MB/s) while the server runs, then whatever is left, up to
    // the server's close.
    private static SlowReader ReadSlowlyUntilClosed(EtaTransportEndpoints endpoints, Task serverTask, CancellationToken token)
    {
        IPerfChannel? channel = endpoints.Connect(token, out string? failure);
        Assert.True(channel is not null, $"connect failed: {failure}");
        var handler = new SlowReader { ConnectedUtc = DateTime.UtcNow };
        long connected = Stopwatch.GetTimestamp();
        using (channel)
        {
            var reader = new ChannelReader(channel.Port, handler);
            var deadline = Stopwatch.StartNew();
            while (deadline.Elapsed < TimeSpan.FromSeconds(80))
            {
                if (!reader.HasBufferedInput && !channel.Port.Socket.Poll(100_000, System.Net.Sockets.SelectMode.SelectRead))
                    continue;
                if (reader.ReadSlice(20) == ReadSliceOutcome.Failed)
                    break;
                if (!serverTask.IsCompleted)
                    Thread.Sleep(1); // the slowness being tested, not synchronisation
            }
        }
        handler.ConnectedSeconds = Stopwatch.GetElapsedTime(connected).TotalSeconds;
        return handler;
    }

    private static Dictionary<string, string> Overall(string summaryFile)
    {
        string[] lines = File.ReadAllLines(summaryFile);
        int start = Array.IndexOf(lines, "--- OVERALL SUMMARY ---");
        Assert.True(start > 0, "the summary has an overall section");
        return lines.Skip(start + 1).Where(l => l.Contains(": ", StringComparison.Ordinal))
            .Select(l => l.Trim().Split(": ", 2)).ToDictionary(p => p[0], p => p[1]);
    }

    private static long Number(Dictionary<string, string> overall, string label) =>
        overall.TryGetValue(label, out string? value) ? long.Parse(value, CultureInfo.InvariantCulture) : 0;

    private static double Megabytes(Dictionary<string, string> overall, string label) =>
        double.Parse(overall[label], CultureInfo.InvariantCulture) * 1024 * 1024;
}
