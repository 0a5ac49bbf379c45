using System.Diagnostics;
using System.Text.RegularExpressions;
using PerfTools.TransportPerf.Options;
using PerfTools.TransportPerf.Warmup;
using Xunit;

namespace PerfTools.Tests.TransportPerf;

/// <summary>
/// TransportPerf starts its run on its final code: before the run it rehearses its session over loopback until the
/// tiered JIT has recompiled the hot paths with their profiles (Warmup/TransportRehearsal; bench/README.md).
/// </summary>
public sealed class RehearsalTests
{
    private static readonly TimeSpan ProcessLimit = TimeSpan.FromSeconds(90);

    /// <summary>
    /// A server nobody connects to runs none of its session during the run, so the session code the JIT reports
    /// at tier 1 was compiled for the rehearsal. The runtime lists what it compiles, and at which tier, in
    /// <c>DOTNET_JitStdOutFile</c> with <c>DOTNET_JitDisasmSummary=1</c>.
    /// </summary>
    [Fact]
    public async Task The_rehearsal_brings_the_send_and_read_paths_to_tier_1_before_the_run()
    {
        using var folder = new TempFolder("rehearsal-jit-");
        string jitList = folder.File("jit.txt");
        using Process server = StartTransportPerf(folder.Path,
            "-appType server -p 0 -runTime 1 -msgRate 100000 -latencyMsgRate 100 -msgSize 76",
            ("DOTNET_JitStdOutFile", jitList), ("DOTNET_JitDisasmSummary", "1"));
        string console = await EndOf(server);
        Assert.Contains("Warm-up: rehearsed over loopback", console);

        string[] compiled = File.ReadAllLines(jitList);
        AssertAtTier1(compiled, "TransportSession:SendGroup");
        AssertAtTier1(compiled, "TransportSession:OnMessage");
        // Once-an-interval code too (the run has one interval, at its end): at the run's interval of a second it was
        // promoted, with the number formatting under it, five seconds into the run, beside the transport threads.
        AssertAtTier1(compiled, "TransportReport:WriteInterval");
        AssertAtTier1(compiled, "StatsCollector`1[System.__Canon]:Collect");
        AssertAtTier1(compiled, "StatsFile:WriteRow");
        AssertAtTier1(compiled, "TransportConsoleReport:Write");
        // And what setting a connection up runs in loops (its buffer pool, its latency positions): the rehearsal
        // connects three times, so the run's own connection compiles nothing beside its first messages.
        AssertAtTier1(compiled, "Eta.Transport.TransportBuffer:.ctor");
        AssertAtTier1(compiled, "System.Random:Next");
        // The tick loop is entered once per thread: compiled fully optimised at once, never replaced on the stack.
        string[] tickLoop = compiled.Where(line => line.Contains("TickLoop:Run(", StringComparison.Ordinal)).ToArray();
        Assert.NotEmpty(tickLoop);
        Assert.All(tickLoop, line => Assert.Contains("[FullOpts", line));
    }

    /// <summary>
    /// The real tools, each rehearsing before its run, then a reflect run: nothing the rehearsal leaves behind may
    /// allocate during the run (its closed connections once armed the runtime's timer thread, whose wake-up two seconds
    /// later started the thread pool in the middle of the run: 0.12-0.37 bytes a message in most runs of this case).
    /// </summary>
    [Fact]
    public async Task After_the_rehearsal_the_run_allocates_nothing_per_message()
    {
        using var folder = new TempFolder("rehearsal-alloc-");
        using Process server = StartTransportPerf(folder.Path,
            "-appType server -p 0 -runTime 120 -reflectMsgs -noDisplayStats -summaryFile srv.out");
        int port = await ListeningPort(server);
        using Process client = StartTransportPerf(folder.Path,
            $"-appType client -h 127.0.0.1 -p {port} -runTime 5 -msgRate 10000 -latencyMsgRate all -writeStatsInterval 1 -noDisplayStats -summaryFile cli.out");
        await EndOf(client);
        server.Kill(entireProcessTree: true);

        string summary = File.ReadAllText(folder.File("cli.out"));
        Match allocated = Regex.Match(summary, @"Bytes allocated per message after the first interval: ([0-9.]+)");
        Assert.True(allocated.Success, summary);
        double perMessage = double.Parse(allocated.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture);
        Assert.True(perMessage < 0.01, $"{perMessage} bytes allocated per message after the rehearsal:\n{summary}");
    }

    [Fact]
    public void A_rehearsal_runs_in_a_folder_of_its_own_and_leaves_nothing_behind()
    {
        string[] before = RehearsalFolders();
        TransportPerfOptions run = TransportPerfCommandLine.Parse([]).Options! with
        {
            MsgRate = 10_000, LatencyMsgRate = 100, LatencyFile = "TransportLatency",
        };
        string cwd = Directory.GetCurrentDirectory();
        string[] cwdBefore = Directory.GetFileSystemEntries(cwd);

        RehearsalResult result = TransportRehearsal.Run(run, new RehearsalLimits(
            TimeSpan.FromMilliseconds(300), TimeSpan.FromMilliseconds(100), TimeSpan.FromSeconds(2)));

        Assert.Null(result.Failure);
        Assert.True(result.MethodsCompiled > 0); // its own code, at least, is compiled for it
        Assert.Equal(before, RehearsalFolders());
        Assert.Equal(cwdBefore, Directory.GetFileSystemEntries(cwd));
    }

    [Fact]
    public void A_receiving_run_rehearses_receiving_and_a_reflecting_run_rehearses_reflecting()
    {
        var receiver = new TransportPerfOptions { AppType = AppType.Server, MsgRate = 0, LatencyMsgRate = 0, MsgSize = 150, PackCount = 20 };
        TransportPerfOptions sender = TransportRehearsal.ServerOptions(receiver, "/tmp/r");
        TransportPerfOptions peer = TransportRehearsal.ClientOptions(receiver, "/tmp/r", 4000);
        Assert.Equal(TransportRehearsal.ReceiverRehearsalRate, sender.MsgRate);
        Assert.NotEqual(0, sender.LatencyMsgRate);
        Assert.Equal((150, 20), (sender.MsgSize, sender.PackCount));
        Assert.Equal((0, false), (peer.MsgRate, peer.ReflectMsgs));
        Assert.Equal(("127.0.0.1", 4000, AppType.Client), (peer.HostName, peer.Port, peer.AppType));

        var reflector = receiver with { ReflectMsgs = true, MsgRate = 100_000 };
        Assert.Equal(TransportRehearsal.ReflectorRehearsalRate, TransportRehearsal.ServerOptions(reflector, "/tmp/r").MsgRate);
        Assert.True(TransportRehearsal.ClientOptions(reflector, "/tmp/r", 4000).ReflectMsgs);

        var blaster = receiver with { AppType = AppType.Client, MsgRate = 20_000_000, ConnectionType = ConnectionChoice.Encrypted };
        TransportPerfOptions blast = TransportRehearsal.ServerOptions(blaster, "/tmp/r");
        Assert.Equal((20_000_000, AppType.Server, 0, ConnectionChoice.Socket), (blast.MsgRate, blast.AppType, blast.Port, blast.ConnectionType));
        Assert.All(new[] { blast.StatsFile, blast.SummaryFile, blast.LatencyFile }, path => Assert.StartsWith("/tmp/r/", path));
    }

    private static Process StartTransportPerf(string folder, string args, params (string Name, string Value)[] environment)
    {
        var start = new ProcessStartInfo("dotnet")
        {
            WorkingDirectory = folder,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "TransportPerf.dll"));
        foreach (string arg in args.Split(' '))
            start.ArgumentList.Add(arg);
        start.Environment.Remove("DOTNET_TieredCompilation");
        start.Environment.Remove("DOTNET_TieredPGO");
        foreach ((string name, string value) in environment)
            start.Environment[name] = value;
        return Process.Start(start)!;
    }

    // The port a server bound with -p 0 prints once it listens (after its rehearsal).
    private static async Task<int> ListeningPort(Process server)
    {
        using var limit = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        limit.CancelAfter(ProcessLimit);
        while (await server.StandardOutput.ReadLineAsync(limit.Token) is { } line)
        {
            Match listening = Regex.Match(line, @"Server listening on port (\d+)\.");
            if (listening.Success)
                return int.Parse(listening.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture);
        }
        Assert.Fail($"the server ended without listening: {await server.StandardError.ReadToEndAsync(limit.Token)}");
        return 0;
    }

    // Waits for a tool to end on its own (or fails the test after ProcessLimit); returns its console output.
    private static async Task<string> EndOf(Process process)
    {
        using var limit = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        limit.CancelAfter(ProcessLimit);
        Task<string> output = process.StandardOutput.ReadToEndAsync(limit.Token);
        Task<string> errors = process.StandardError.ReadToEndAsync(limit.Token);
        try
        {
            await process.WaitForExitAsync(limit.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"TransportPerf did not end within {ProcessLimit.TotalSeconds} s");
        }
        string console = await output, errorText = await errors;
        Assert.True(process.ExitCode == 0, $"exit {process.ExitCode}: {errorText}{console}");
        return console;
    }

    private static void AssertAtTier1(string[] compiled, string method)
    {
        var tier1 = new Regex(Regex.Escape(method) + @"\(.*\) \[Tier1[ ,]");
        Assert.True(compiled.Any(line => tier1.IsMatch(line)),
            $"{method} was not compiled at tier 1 before the run; what the JIT compiled of it: "
            + string.Join(" | ", compiled.Where(line => line.Contains(method, StringComparison.Ordinal)).Select(line => line.Trim())));
    }

    private static string[] RehearsalFolders() =>
        Directory.GetDirectories(Path.GetTempPath(), "transportperf-rehearsal-*").Order(StringComparer.Ordinal).ToArray();
}
