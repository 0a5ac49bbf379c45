using System.Diagnostics;
using PerfTools.Common.Lifetime;
using PerfTools.Common.Threading;
using PerfTools.TransportPerf.Network;
using PerfTools.TransportPerf.Options;

namespace PerfTools.TransportPerf.Warmup;

/// <summary>
/// Before the run, the process runs its own session code against itself over loopback (a server and a client on
/// 127.0.0.1 with the run's message size, packing, compression and tick rate; the server sends, the client receives,
/// or reflects for a run that reflects) until the JIT has recompiled what runs, then waits until the JIT has finished
/// what the rehearsal gave it. With tiered compilation the hot paths are then in their final, profile-guided form
/// when the first counted message leaves: guarded devirtualisation and inlining through the channel interfaces make
/// our 76-byte sender a fifth to a third cheaper per message than the same code compiled once, fully optimised, ahead
/// of the run (bench/README.md, "Tiered compilation with a rehearsal"); without the rehearsal the run's first seconds
/// would run tier-0 code and recompile beside the transport threads, and on a two-core machine the JIT's thread then
/// holds latency samples for milliseconds ("JIT work out of the run").
/// </summary>
/// <remarks>
/// The rehearsal writes its statistics to a temporary folder it deletes, prints nothing, and never fails the run:
/// what goes wrong is returned for the caller to mention. It always uses a plain socket (a client has no
/// certificate to serve TLS with); TLS and WebSocket framing are compiled when the run first uses them.
/// </remarks>
internal static class TransportRehearsal
{
    /// <summary>Messages per second the rehearsal's server sends when the run itself only receives.</summary>
    internal const int ReceiverRehearsalRate = 1_000_000;

    /// <summary>Messages per second the rehearsal's server sends when the run reflects (a reflector is run well under capacity).</summary>
    internal const int ReflectorRehearsalRate = 100_000;

    /// <summary>
    /// The rehearsal's statistics interval. Code run once an interval (collecting, formatting and writing a stats
    /// row and the console block) is promoted by the tiered JIT after 30 calls, twice (instrumented, then final):
    /// at the run's one-second interval that recompilation came five seconds into the run, 35 ms of the JIT's time
    /// beside the transport threads. Fifty intervals a second get it done within the rehearsal.
    /// </summary>
    internal static readonly TimeSpan StatsInterval = TimeSpan.FromMilliseconds(20);

    /// <summary>The longest wait, after the rehearsal has closed, for the JIT to finish what closing gave it.</summary>
    internal static readonly TimeSpan SettleLimit = TimeSpan.FromSeconds(2);

    /// <summary>Connections made and closed (each after <see cref="ShortConnectionSeconds"/>) before the one that lasts until the rehearsal ends.</summary>
    internal const int ShortConnections = 2;

    internal const int ShortConnectionSeconds = 1;

    private static readonly TimeSpan ConnectLimit = TimeSpan.FromSeconds(5);
    private static readonly TimeSpan StopLimit = TimeSpan.FromSeconds(15);
    private static readonly TimeSpan SettlePoll = TimeSpan.FromMilliseconds(50);

    /// <summary>Rehearses with the run's options; returns once the JIT is quiet or <paramref name="limits"/> says so.</summary>
    public static RehearsalResult Run(TransportPerfOptions run, RehearsalLimits limits)
    {
        long start = Stopwatch.GetTimestamp();
        long compiledBefore = System.Runtime.JitInfo.GetCompiledMethodCount();
        DirectoryInfo folder;
        try
        {
            folder = Directory.CreateTempSubdirectory("transportperf-rehearsal-");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return RehearsalResult.Failed($"no temporary folder ({e.Message})", start, compiledBefore);
        }
        try
        {
            return RunIn(folder.FullName, run, limits, start, compiledBefore);
        }
        finally
        {
            try
            {
                folder.Delete(recursive: true);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                // A temporary folder left behind is not worth failing the run for.
            }
        }
    }

    private static RehearsalResult RunIn(string folder, TransportPerfOptions run, RehearsalLimits limits, long start, long compiledBefore)
    {
        using var stop = new CancellationTokenSource();
        // Both runs and their transport threads may write here at once; the synchronized writer locks on itself.
        var errorText = new StringWriter();
        TextWriter errors = TextWriter.Synchronized(errorText);
        string? FirstError()
        {
            lock (errors)
                return FirstLine(errorText.ToString());
        }
        int port = 0;
        using var listening = new ManualResetEventSlim();
        int serverExit = -1, clientExit = -1;

        TransportPerfOptions server = ServerOptions(run, folder);
        Thread serverThread = StartRun("server", server, errors, stop.Token, p => { port = p; listening.Set(); }, code => serverExit = code);
        if (!listening.Wait(ConnectLimit))
        {
            stop.Cancel();
            serverThread.Join(StopLimit);
            return RehearsalResult.Failed(FirstError() ?? "the rehearsal's server did not listen", start, compiledBefore);
        }
        // Connections one after the other. Setting a connection up runs loops (its buffer pools, its latency
        // positions, the key exchange) that the JIT promotes one step per connection: after these, the run's own
        // connection compiles nothing, where it once kept the JIT busy beside its first messages.
        for (int c = 1; c <= ShortConnections; c++)
        {
            int shortExit = -1;
            string role = $"client{c}";
            Thread shortClient = StartRun(role, ClientOptions(run, folder, port, role) with { RunTime = ShortConnectionSeconds },
                errors, stop.Token, null, code => shortExit = code);
            if (!shortClient.Join(TimeSpan.FromSeconds(ShortConnectionSeconds) + ConnectLimit) || IsFailure(shortExit))
            {
                stop.Cancel();
                serverThread.Join(StopLimit);
                shortClient.Join(StopLimit);
                return RehearsalResult.Failed(FirstError() ?? $"the rehearsal's connection {c} did not end", start, compiledBefore);
            }
        }
        Thread clientThread = StartRun("client", ClientOptions(run, folder, port), errors, stop.Token, null, code => clientExit = code);

        WaitForQuietJit(limits, start, () => !serverThread.IsAlive || !clientThread.IsAlive);
        TimeSpan rehearsed = Stopwatch.GetElapsedTime(start);
        stop.Cancel();
        bool stopped = serverThread.Join(StopLimit) & clientThread.Join(StopLimit);
        StartThreadPool();
        // What the run still gives the JIT (its own once-a-run set-up crosses thresholds the rehearsal's runs left
        // close) is compiled on CPU time the transport threads do not want. Before the wait below, which then also
        // covers what this call itself compiles.
        JitThreadPriority.LowerWorkers();
        // Closing wrote the rehearsal's summaries and latency distributions: code called thousands of times, whose
        // promotion the JIT starts 100 ms later on its own thread (about 140 methods, 30-80 ms of CPU). Without this
        // wait that happened in the run's first 200 ms, and its latency samples waited milliseconds for a CPU.
        WaitForQuietJit(new RehearsalLimits(TimeSpan.Zero, limits.Quiet, SettleLimit), Stopwatch.GetTimestamp(), static () => false);
        string? failure = !stopped ? "the rehearsal did not stop"
            : IsFailure(serverExit) || IsFailure(clientExit) ? FirstError() ?? $"the rehearsal ended with exit codes {serverExit} and {clientExit}"
            : null;
        return new RehearsalResult(failure, rehearsed, Stopwatch.GetElapsedTime(start), System.Runtime.JitInfo.GetCompiledMethodCount() - compiledBefore);
    }

    // A lost connection (the two ends stop together) and sequence gaps (a receiver behind a blasting sender) are part
    // of a rehearsal; a setup failure, no connection or an internal error are not.
    private static bool IsFailure(int exitCode) =>
        exitCode is TransportRunOutcome.SetupFailed or TransportRunOutcome.NeverConnected || exitCode > TransportRunOutcome.BadSequence;

    // Until nothing new has been compiled for limits.Quiet, after limits.Minimum and before limits.Maximum.
    private static void WaitForQuietJit(RehearsalLimits limits, long start, Func<bool> ended)
    {
        long compiled = System.Runtime.JitInfo.GetCompiledMethodCount();
        long lastChange = Stopwatch.GetTimestamp();
        while (!ended())
        {
            Thread.Sleep(SettlePoll);
            long now = Stopwatch.GetTimestamp();
            long count = System.Runtime.JitInfo.GetCompiledMethodCount();
            if (count != compiled)
            {
                compiled = count;
                lastChange = now;
            }
            TimeSpan elapsed = Stopwatch.GetElapsedTime(start, now);
            if (elapsed >= limits.Maximum
                || (elapsed >= limits.Minimum && Stopwatch.GetElapsedTime(lastChange, now) >= limits.Quiet))
                return;
        }
    }

    // Closing the rehearsal's connections set time limits on their drains (the transport's orderly close); the
    // runtime's timer thread wakes when they would have run out, even though they were cancelled, and hands its check
    // to the thread pool, whose first use starts its threads: about 15 KB allocated two seconds into the run. The
    // pool is started here instead.
    private static void StartThreadPool()
    {
        using var ran = new ManualResetEventSlim();
        ThreadPool.UnsafeQueueUserWorkItem(static state => state.Set(), ran, preferLocal: false);
        ran.Wait(ConnectLimit);
    }

    private static Thread StartRun(string role, TransportPerfOptions options, TextWriter errors, CancellationToken stop,
        Action<int>? listening, Action<int> exited)
    {
        var thread = new Thread(() =>
        {
            try
            {
                using var shutdown = new ShutdownSignal(TimeSpan.FromSeconds(options.RunTime), stop, handleSignals: false);
                using var endpoints = new EtaTransportEndpoints(options);
                var run = new TransportPerfRun(options, endpoints, TextWriter.Null, errors) { Listening = listening, StatsInterval = StatsInterval };
                exited(run.Execute(shutdown));
            }
            catch (Exception e)
            {
                // The run itself will meet whatever this was, and report it properly.
                errors.WriteLine($"rehearsal {role}: {e.GetType().Name}: {e.Message}");
                exited(int.MaxValue);
            }
        })
        { Name = $"TransportPerf rehearsal {role}", IsBackground = true };
        thread.Start();
        return thread;
    }

    internal static TransportPerfOptions ServerOptions(TransportPerfOptions run, string folder) => Shared(run, folder, "server") with
    {
        AppType = AppType.Server,
        Port = 0,
        ReflectMsgs = false,
        MsgRate = run.EffectiveMsgRate > 0 ? run.MsgRate : run.ReflectMsgs ? ReflectorRehearsalRate : ReceiverRehearsalRate,
        // Timestamped messages as in the run, at least some: a receiver's run times what its peer stamps.
        LatencyMsgRate = run.LatencyMsgRate != 0 ? run.LatencyMsgRate : 1000,
    };

    internal static TransportPerfOptions ClientOptions(TransportPerfOptions run, string folder, int port, string role = "client") => Shared(run, folder, role) with
    {
        AppType = AppType.Client,
        HostName = "127.0.0.1",
        Port = port,
        // The client reflects only for a run that reflects; otherwise it receives, which is what a sender's peer does.
        ReflectMsgs = run.ReflectMsgs,
        MsgRate = 0,
        LatencyMsgRate = 0,
    };

    private static TransportPerfOptions Shared(TransportPerfOptions run, string folder, string role) => run with
    {
        ConnectionType = ConnectionChoice.Socket,
        EncryptedConnectionType = ConnectionChoice.Socket,
        InterfaceName = "",
        UseProxy = false,
        Threads = ThreadCpuList.SingleUnpinned,
        // The console block is formatted as in the run (and written nowhere), so that its code is compiled too.
        DisplayStats = run.DisplayStats,
        // Ended by the caller; the run time only bounds a rehearsal the caller could not stop.
        RunTime = 60,
        StatsFile = Path.Combine(folder, role + "_stats"),
        LatencyFile = Path.Combine(folder, role + "_latency"),
        SummaryFile = Path.Combine(folder, role + "_summary.out"),
    };

    private static string? FirstLine(string text)
    {
        int end = text.IndexOf('\n');
        return text.Length == 0 ? null : (end < 0 ? text : text[..end]).TrimEnd();
    }
}

/// <summary>How long a rehearsal runs: at least <see cref="Minimum"/>, then until nothing is compiled for <see cref="Quiet"/>, never past <see cref="Maximum"/>.</summary>
internal readonly record struct RehearsalLimits(TimeSpan Minimum, TimeSpan Quiet, TimeSpan Maximum)
{
    public static RehearsalLimits Default { get; } = new(TimeSpan.FromSeconds(3), TimeSpan.FromMilliseconds(300), TimeSpan.FromSeconds(5));
}

/// <summary>
/// What a rehearsal did: <see cref="Failure"/> is null when it ran and stopped as asked; <see cref="Rehearsed"/> is the
/// time until it was told to stop, <see cref="Elapsed"/> includes closing its connections and the JIT's work that closing started.
/// </summary>
internal readonly record struct RehearsalResult(string? Failure, TimeSpan Rehearsed, TimeSpan Elapsed, long MethodsCompiled)
{
    public static RehearsalResult Failed(string failure, long start, long compiledBefore)
    {
        TimeSpan elapsed = Stopwatch.GetElapsedTime(start);
        return new(failure, elapsed, elapsed, System.Runtime.JitInfo.GetCompiledMethodCount() - compiledBefore);
    }
}
