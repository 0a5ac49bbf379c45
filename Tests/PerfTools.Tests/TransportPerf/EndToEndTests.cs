using System.Globalization;
using System.Security.Cryptography;
using System.Text.RegularExpressions;
using System.Security.Cryptography.X509Certificates;
using PerfTools.Tests.ConsPerf;
using PerfTools.TransportPerf;
using Xunit;

namespace PerfTools.Tests.TransportPerf;

[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class TransportPerfEndToEnd
{
    public const string Name = "TransportPerf end-to-end";
}

/// <summary>A TransportPerf server and client in this process over loopback, for a few seconds, checked through their output files.</summary>
[Collection(TransportPerfEndToEnd.Name)]
public sealed class EndToEndTests : IDisposable
{
    private const string StatsHeader =
        "UTC, Msgs sent, Bytes sent, Msgs received, Bytes received, Latency msgs received, Latency avg (usec), " +
        "Latency std dev (usec), Latency max (usec), Latency min (usec), CPU usage (%), Memory (MB), Interval (sec)";

    private readonly TempFolder _dir = new("transportperf-e2e");

    public void Dispose() => _dir.Dispose();

    private sealed record Side(int ExitCode, string Console, string Errors, Dictionary<string, string> Overall);

    /// <summary>How a pair's run ends, which decides which side's count the other must match exactly.</summary>
    private enum Ending
    {
        /// <summary>
        /// The client's -runTime ends it; the server is stopped once it has read up to the client's close, so it
        /// has received every message the client sent.
        /// </summary>
        ClientRunTime,

        /// <summary>
        /// The server is stopped once latency messages reach the client; the client reads up to the server's close
        /// and ends, so it has received every message the server sent.
        /// </summary>
        ServerStops,
    }

    private async Task<(Side Server, Side Client)> RunPair(string[] serverArgs, string[] clientArgs, Ending ending)
    {
        CancellationToken testToken = TestContext.Current.CancellationToken;
        var listening = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
        using var stopServer = CancellationTokenSource.CreateLinkedTokenSource(testToken);
        stopServer.CancelAfter(TimeSpan.FromSeconds(60)); // the server must never outlive a broken test
        var serverOut = new WatchedConsole();
        var serverErr = new StringWriter();
        string[] server = [.. serverArgs, "-appType", "server", "-p", "0", "-runTime", "60", "-writeStatsInterval", "1",
            "-summaryFile", _dir.File("srv.out"), "-statsFile", _dir.File("SrvStats")];
        Task<int> serverTask = Task.Factory.StartNew(
            () => TransportPerfApp.Run(server, serverOut, serverErr, stopServer.Token, listening: listening.SetResult),
            testToken, TaskCreationOptions.LongRunning, TaskScheduler.Default);

        Task first = await Task.WhenAny(listening.Task, serverTask).WaitAsync(TimeSpan.FromSeconds(20), testToken);
        Assert.True(first != serverTask, $"the server ended before listening: {serverErr}");
        int port = await listening.Task;
        var clientOut = new WatchedConsole();
        var clientErr = new StringWriter();
        int runTime = ending == Ending.ClientRunTime ? 3 : 60;
        string[] client = [.. clientArgs, "-appType", "client", "-h", "127.0.0.1", "-p", port.ToString(CultureInfo.InvariantCulture),
            "-runTime", runTime.ToString(CultureInfo.InvariantCulture), "-writeStatsInterval", "1",
            "-summaryFile", _dir.File("cli.out"), "-statsFile", _dir.File("CliStats"),
            "-latencyFile", _dir.File("CliLatency.csv")];
        Task<int> clientTask = Task.Factory.StartNew(
            () => TransportPerfApp.Run(client, clientOut, clientErr, testToken),
            testToken, TaskCreationOptions.LongRunning, TaskScheduler.Default);

        TimeSpan limit = TimeSpan.FromSeconds(60);
        if (ending == Ending.ServerStops)
        {
            await clientOut.WhenWritten("  Latency (usec): Avg:", testToken).WaitAsync(limit, testToken);
            stopServer.Cancel();
        }
        int clientExit = await clientTask.WaitAsync(limit, testToken);
        if (ending == Ending.ClientRunTime)
        {
            await serverOut.WhenWritten(" closed: ", testToken).WaitAsync(limit, testToken);
            stopServer.Cancel();
        }
        stopServer.Cancel();
        int serverExit = await serverTask.WaitAsync(TimeSpan.FromSeconds(30), testToken);

        return (new Side(serverExit, serverOut.Text, serverErr.ToString(), Overall("srv.out")),
                new Side(clientExit, clientOut.Text, clientErr.ToString(), Overall("cli.out")));
    }

    /// <summary>The "label: value" lines of the summary's overall section.</summary>
    private Dictionary<string, string> Overall(string summaryFile)
    {
        string[] lines = File.ReadAllLines(_dir.File(summaryFile));
        Assert.Equal("--- TEST INPUTS ---", lines[0]);
        int start = Array.IndexOf(lines, "--- OVERALL SUMMARY ---");
        Assert.True(start > 0, "the summary has an overall section");
        return lines.Skip(start + 1).Where(l => l.Contains(": ", StringComparison.Ordinal))
            .Select(l => l.Trim().Split(": ", 2)).ToDictionary(p => p[0], p => p[1]);
    }

    private static long Number(Dictionary<string, string> overall, string label) =>
        long.Parse(overall[label], CultureInfo.InvariantCulture);

    private long[] StatsColumnTotals(string statsFile)
    {
        string[] lines = File.ReadAllLines(_dir.File(statsFile));
        Assert.Equal(StatsHeader, lines[0]);
        Assert.True(lines.Length > 1, "at least one statistics row");
        var totals = new long[4];
        foreach (string line in lines.Skip(1))
        {
            string[] cells = line.Split(", ");
            Assert.Equal(13, cells.Length);
            Assert.True(DateTime.TryParseExact(cells[0], "yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture, DateTimeStyles.None, out _));
            for (int i = 0; i < 4; i++)
                totals[i] += long.Parse(cells[i + 1], CultureInfo.InvariantCulture);
        }
        return totals;
    }

    /// <summary>The server stopping ends the client's run as a lost peer: exit 4, and the summary's last line says so.</summary>
    private static void AssertEndedByTheServer(Side client)
    {
        Assert.True(client.ExitCode == 4, $"exit {client.ExitCode}: {client.Errors}{client.Console}");
        Assert.Contains("Run ended: the connection to 127.0.0.1:", client.Console);
        Assert.Contains("was lost before the run time ended", client.Console);
    }

    /// <summary>The client received exactly what the server sent (some of it), in order.</summary>
    private static void AssertEveryMessageArrived(Side server, Side client)
    {
        long sent = Number(server.Overall, "Msgs Sent");
        Assert.True(sent > 0, "the server sent messages");
        Assert.Equal(sent, Number(client.Overall, "Msgs Received"));
        Assert.Equal(0, Number(client.Overall, "Sequence errors"));
    }

    [Fact]
    public async Task Server_streams_to_a_client_with_sequence_checks_latency_and_every_output_file()
    {
        (Side server, Side client) = await RunPair(
            ["-msgRate", "5000", "-latencyMsgRate", "100"],
            ["-msgRate", "0", "-latencyMsgRate", "0"], Ending.ServerStops);

        AssertEndedByTheServer(client);
        Assert.True(server.ExitCode == 0, server.Errors);
        long received = Number(client.Overall, "Msgs Received");
        long sent = Number(server.Overall, "Msgs Sent");
        Assert.True(sent > 0, "the server sent messages");
        Assert.Equal(sent, received);
        Assert.Equal(0, Number(client.Overall, "Sequence errors"));
        Assert.Equal(0, Number(client.Overall, "Msgs Sent"));
        // The server never sends faster than its rate: at most 5000 per second of its run plus one burst second.
        double serverSeconds = double.Parse(server.Overall["Sampling duration(sec)"], CultureInfo.InvariantCulture);
        Assert.InRange(sent, 1, (long)(5000 * (serverSeconds + 1)));
        Assert.True(client.Overall.ContainsKey("Latency avg (usec)"));
        Assert.True(client.Overall.ContainsKey("Latency p99.9 (usec)"));
        Assert.Contains("Recv: MsgRate:", client.Console);

        long[] clientRows = StatsColumnTotals($"CliStats1_{Environment.ProcessId}.csv");
        long[] serverRows = StatsColumnTotals($"SrvStats1_{Environment.ProcessId}.csv");
        Assert.Equal(received, clientRows[2]);
        Assert.Equal(sent, serverRows[0]);
        // The same messages are the same bytes on both sides (their lengths; README, "Bytes").
        Assert.Equal(serverRows[1], clientRows[3]);
        Assert.Equal(server.Overall["Data Sent (MB)"], client.Overall["Data Received (MB)"]);

        string[] latency = File.ReadAllLines(_dir.File($"CliLatency1_{Environment.ProcessId}.csv"));
        Assert.Equal("Send Time, Receive Time, Latency(nsec)", latency[0]);
        Assert.True(latency.Length > 1);
        Assert.All(latency.Skip(1), l =>
        {
            long[] v = l.Split(", ").Select(x => long.Parse(x, CultureInfo.InvariantCulture)).ToArray();
            Assert.Equal(v[1] - v[0], v[2]);
        });
        Common.HgrmFile.AssertDescribesLatencyLog(_dir.File($"CliLatency1_{Environment.ProcessId}.csv"), unitsPerMicrosecond: 1000);
    }

    [Fact]
    public async Task Reflecting_server_returns_every_message_and_the_client_measures_round_trips()
    {
        (Side server, Side client) = await RunPair(
            ["-reflectMsgs"],
            ["-msgRate", "2000", "-latencyMsgRate", "200"], Ending.ClientRunTime);

        Assert.True(client.ExitCode == 0, client.Errors);
        Assert.True(server.ExitCode == 0, server.Errors);
        long clientSent = Number(client.Overall, "Msgs Sent");
        long reflected = Number(server.Overall, "Msgs Sent");
        Assert.True(clientSent > 0, "the client sent messages");
        Assert.Equal(clientSent, Number(server.Overall, "Msgs Received"));
        Assert.Equal(Number(server.Overall, "Msgs Received"), reflected);
        // The client stops reading when its run time ends, so reflections still in flight are not counted.
        Assert.InRange(Number(client.Overall, "Msgs Received"), 1, reflected);
        Assert.Equal(0, Number(client.Overall, "Sequence errors"));
        Assert.Equal(0, Number(server.Overall, "Sequence errors"));
        Assert.True(client.Overall.ContainsKey("Latency p50 (usec)"), "round-trip latency is reported");
        Assert.Contains("               Msg Rate: 0(reflecting)", File.ReadAllText(_dir.File("srv.out")));
    }

    [Fact]
    public async Task Large_messages_past_capacity_each_arrive_whole_or_are_not_sent()
    {
        // 1 MB messages (163 fragments each) at 1 GB/s with 50 output buffers: the transport runs out of buffers in
        // the middle of messages. A message left half-written would stay open at the client (its reader refuses
        // more than 256 such) and its sequence number would read as a gap.
        (Side server, Side client) = await RunPair(
            ["-msgRate", "1000", "-latencyMsgRate", "10", "-msgSize", "1000000", "-outputBufs", "50"],
            ["-msgRate", "0", "-latencyMsgRate", "0", "-msgSize", "1000000"], Ending.ServerStops);

        AssertEndedByTheServer(client);
        AssertEveryMessageArrived(server, client);
        Assert.True(Number(server.Overall, "Msgs not sent (out of buffers)") > 0, "the server was past capacity");
        // Every fragment counted once: the message bytes plus their fragment headers (under 0.1%).
        double sent = double.Parse(server.Overall["Data Sent (MB)"], CultureInfo.InvariantCulture);
        double written = double.Parse(server.Overall["Data written with transport headers (MB)"], CultureInfo.InvariantCulture);
        Assert.InRange(written, sent, sent * 1.001);
    }

    [Fact]
    public async Task Packed_messages_arrive_in_order()
    {
        (Side server, Side client) = await RunPair(
            ["-msgRate", "20000", "-latencyMsgRate", "20", "-pack", "10", "-msgSize", "150"],
            ["-msgRate", "0", "-latencyMsgRate", "0"], Ending.ServerStops);

        AssertEndedByTheServer(client);
        AssertEveryMessageArrived(server, client);
    }

    [Fact]
    public async Task A_client_stopped_before_it_connected_says_how_long_it_tried_not_its_run_time()
    {
        var errors = new global::PerfTools.Tests.ConsPerf.WatchedConsole();
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        Task<int> run = Task.Factory.StartNew(() => TransportPerfApp.Run(
            ["-appType", "client", "-h", "127.0.0.1", "-p", "1", "-runTime", "600", "-summaryFile", _dir.File("stopped.out"),
             "-statsFile", _dir.File("Stopped")], new StringWriter(), errors, stop.Token),
            TestContext.Current.CancellationToken, TaskCreationOptions.LongRunning, TaskScheduler.Default);

        await errors.WhenWritten("retrying every 1 s.", TestContext.Current.CancellationToken).WaitAsync(TimeSpan.FromSeconds(30), TestContext.Current.CancellationToken);
        await stop.CancelAsync(); // as Ctrl+C, SIGTERM or SIGHUP do
        int exit = await run.WaitAsync(TimeSpan.FromSeconds(30), TestContext.Current.CancellationToken);

        Assert.Equal(3, exit);
        Assert.Matches(@"^Run ended: interrupted after \d+ s, before a connection to 127\.0\.0\.1:1 was made \(last attempt: .+\)\.$",
            File.ReadAllText(_dir.File("stopped.out")).TrimEnd().Split('\n')[^1]);
    }

    [Fact]
    public async Task A_client_without_a_server_retries_until_its_run_time_ends_writes_its_files_and_fails()
    {
        var errors = new StringWriter();
        int exit = await Task.Factory.StartNew(() => TransportPerfApp.Run(
            ["-appType", "client", "-h", "127.0.0.1", "-p", "1", "-runTime", "1", "-summaryFile", _dir.File("lonely.out"),
             "-statsFile", _dir.File("Lonely")], new StringWriter(), errors, TestContext.Current.CancellationToken),
            TestContext.Current.CancellationToken, TaskCreationOptions.LongRunning, TaskScheduler.Default)
            .WaitAsync(TimeSpan.FromSeconds(30), TestContext.Current.CancellationToken);
        Assert.Equal(3, exit);
        Assert.Single(Regex.Matches(errors.ToString(), @"TransportPerf: connection to 127\.0\.0\.1:1 failed \(.+\); retrying every 1 s\.")); // once, not every second
        string summary = File.ReadAllText(_dir.File("lonely.out"));
        Assert.Contains("No latency information was received.", summary);
        Assert.StartsWith("Run ended: cannot connect to 127.0.0.1:1 within 1 s (last attempt: ", summary.TrimEnd().Split('\n')[^1]);
        Assert.Equal(StatsHeader, File.ReadLines(_dir.File($"Lonely1_{Environment.ProcessId}.csv")).First());
    }

    [Fact]
    public async Task A_client_whose_server_goes_away_exits_4_and_its_summary_says_so()
    {
        CancellationToken testToken = TestContext.Current.CancellationToken;
        var listening = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
        using var stopServer = CancellationTokenSource.CreateLinkedTokenSource(testToken);
        stopServer.CancelAfter(TimeSpan.FromSeconds(60));
        Task<int> serverTask = Task.Factory.StartNew(() => TransportPerfApp.Run(
            ["-appType", "server", "-p", "0", "-runTime", "60", "-msgRate", "1000", "-latencyMsgRate", "0",
             "-summaryFile", _dir.File("srv.out"), "-statsFile", _dir.File("SrvStats")],
            new StringWriter(), new StringWriter(), stopServer.Token, listening: listening.SetResult),
            testToken, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        int port = await listening.Task.WaitAsync(TimeSpan.FromSeconds(20), testToken);

        var clientOut = new WatchedWriter("Connected ");
        Task<int> clientTask = Task.Factory.StartNew(() => TransportPerfApp.Run(
            ["-appType", "client", "-h", "127.0.0.1", "-p", port.ToString(CultureInfo.InvariantCulture), "-runTime", "60",
             "-msgRate", "0", "-latencyMsgRate", "0",
             "-summaryFile", _dir.File("cli.out"), "-statsFile", _dir.File("CliStats")],
            clientOut, new StringWriter(), testToken),
            testToken, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        await clientOut.Seen.WaitAsync(TimeSpan.FromSeconds(30), testToken);
        stopServer.Cancel();
        await serverTask.WaitAsync(TimeSpan.FromSeconds(30), testToken);

        int clientExit = await clientTask.WaitAsync(TimeSpan.FromSeconds(30), testToken);
        Assert.Equal(4, clientExit);
        string lastLine = File.ReadAllText(_dir.File("cli.out")).TrimEnd().Split('\n')[^1];
        Assert.StartsWith($"Run ended: the connection to 127.0.0.1:{port} was lost", lastLine);
    }

    /// <summary>A console that completes <see cref="Seen"/> once <c>marker</c> has been written.</summary>
    private sealed class WatchedWriter(string marker) : StringWriter
    {
        private readonly TaskCompletionSource _seen = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public Task Seen => _seen.Task;

        public override void WriteLine(string? value)
        {
            base.WriteLine(value);
            if (value is not null && value.Contains(marker, StringComparison.Ordinal))
                _seen.TrySetResult();
        }
    }

    [Theory]
    [InlineData("zlib")]
    [InlineData("lz4")]
    public async Task Compressed_connections_carry_every_message_in_order(string compression)
    {
        (Side server, Side client) = await RunPair(
            ["-msgRate", "5000", "-latencyMsgRate", "50", "-compressionType", compression, "-compressionLevel", "6"],
            ["-msgRate", "0", "-latencyMsgRate", "0", "-compressionType", compression], Ending.ServerStops);

        AssertEndedByTheServer(client);
        AssertEveryMessageArrived(server, client);
        Assert.Contains($"       Compression Type: {compression}(", File.ReadAllText(_dir.File("cli.out")));
    }

    [Fact]
    public async Task Encrypted_connections_carry_every_message_in_order()
    {
        string certificate = _dir.File("server.crt");
        string key = _dir.File("server.key");
        using (var ecdsa = ECDsa.Create(ECCurve.NamedCurves.nistP256))
        {
            var request = new CertificateRequest("CN=localhost", ecdsa, HashAlgorithmName.SHA256);
            var names = new SubjectAlternativeNameBuilder();
            names.AddDnsName("localhost");
            names.AddIpAddress(System.Net.IPAddress.Loopback);
            request.CertificateExtensions.Add(names.Build());
            using X509Certificate2 self = request.CreateSelfSigned(DateTimeOffset.UtcNow.AddDays(-1), DateTimeOffset.UtcNow.AddDays(1));
            File.WriteAllText(certificate, self.ExportCertificatePem());
            File.WriteAllText(key, ecdsa.ExportPkcs8PrivateKeyPem());
        }
        (Side server, Side client) = await RunPair(
            ["-msgRate", "5000", "-latencyMsgRate", "50", "-connType", "encrypted", "-cert", certificate, "-keyfile", key],
            ["-msgRate", "0", "-latencyMsgRate", "0", "-connType", "encrypted", "-castore", certificate], Ending.ServerStops);

        AssertEndedByTheServer(client);
        AssertEveryMessageArrived(server, client);
    }

    [Fact]
    public async Task Client_threads_each_connect_and_the_server_balances_them_over_its_threads()
    {
        (Side server, Side client) = await RunPair(
            ["-msgRate", "2000", "-latencyMsgRate", "20", "-threads", "0,1"],
            ["-msgRate", "0", "-latencyMsgRate", "0", "-threads", "0,1"], Ending.ClientRunTime);

        Assert.True(client.ExitCode == 0, client.Errors);
        Assert.Contains("Accepted connection", server.Console);
        Assert.Contains("on thread 1.", server.Console);
        Assert.Contains("on thread 2.", server.Console);
        foreach (string file in new[] { $"CliStats1_{Environment.ProcessId}.csv", $"CliStats2_{Environment.ProcessId}.csv", $"SrvStats1_{Environment.ProcessId}.csv", $"SrvStats2_{Environment.ProcessId}.csv" })
            Assert.True(StatsColumnTotals(file).Sum() > 0, $"{file} counted traffic");
        string summary = File.ReadAllText(_dir.File("cli.out"));
        Assert.Contains("--- THREAD 1 SUMMARY ---", summary);
        Assert.Contains("--- THREAD 2 SUMMARY ---", summary);
        Assert.Equal(0, Number(client.Overall, "Sequence errors"));
    }
}
