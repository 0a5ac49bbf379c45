using System.Globalization;
using PerfTools.Common.Lifetime;
using PerfTools.Common.Network;
using PerfTools.Common.Output;
using PerfTools.Common.Statistics;
using PerfTools.Common.Threading;
using PerfTools.TransportPerf.Network;
using PerfTools.TransportPerf.Options;
using PerfTools.TransportPerf.Output;
using PerfTools.TransportPerf.Statistics;
using PerfTools.TransportPerf.Threads;

namespace PerfTools.TransportPerf;

/// <summary>
/// One TransportPerf run (§7.3): start the transport threads, accept or make connections and hand them over,
/// collect statistics until the run ends (run time, Ctrl+C, peer gone), then write the summary. Every ending
/// goes through the same path, which flushes and writes every output file.
/// </summary>
internal sealed class TransportPerfRun
{
    private static readonly TimeSpan MainLoopWait = TimeSpan.FromMilliseconds(100);
    private static readonly TimeSpan ConnectRetryDelay = TimeSpan.FromSeconds(1);
    private static readonly TimeSpan ThreadStopTimeout = TimeSpan.FromSeconds(10);

    private readonly TransportPerfOptions _options;
    private readonly ITransportEndpoints _endpoints;
    private readonly TextWriter _console;
    private readonly TextWriter _errors;
    private int _connectionsMade;
    private readonly ConnectFailures _connectFailures;
    private string? _internalError;

    public TransportPerfRun(TransportPerfOptions options, ITransportEndpoints endpoints, TextWriter console, TextWriter errors)
    {
        _options = options;
        _endpoints = endpoints;
        _console = console;
        _errors = errors;
        _connectFailures = new ConnectFailures(options.HostName, options.Port.ToString(CultureInfo.InvariantCulture));
    }

    /// <summary>Called once the server listens, with its port (useful with -p 0).</summary>
    public Action<int>? Listening { get; init; }

    /// <summary>
    /// Time between statistics intervals; by default -writeStatsInterval. The rehearsal shortens it so that the
    /// once-an-interval code reaches its final compilation before the run, not in the middle of it.
    /// </summary>
    public TimeSpan? StatsInterval { get; init; }

    private TimeSpan Interval => StatsInterval ?? TimeSpan.FromSeconds(_options.WriteStatsInterval);

    // The main thread wakes at least once an interval.
    private TimeSpan MainThreadWait => Interval < MainLoopWait ? Interval : MainLoopWait;

    /// <summary>Runs to the end; returns the process exit code.</summary>
    public int Execute(ShutdownSignal shutdown)
    {
        _console.Write(TransportSummary.Inputs(_options));
        _console.WriteLine();

        var stats = new TransportThreadStats[_options.Threads.Count];
        var workers = new TransportThread[stats.Length];
        for (int i = 0; i < stats.Length; i++)
        {
            stats[i] = new TransportThreadStats(i + 1);
            workers[i] = new TransportThread(_options, stats[i], shutdown, _console);
        }

        using var statistics = new StatsCollector<TransportThreadStats>(TransportStatistics.Layout, stats, new StatsOutput(
            n => TransportFileNames.ForThread(_options.StatsFile, n, Environment.ProcessId),
            _options.LatencyFile.Length > 0 ? n => TransportFileNames.ForThread(_options.LatencyFile, n, Environment.ProcessId) : null,
            "Send Time, Receive Time, Latency(nsec)", TransportStatistics.NanosecondsPerMicrosecond));
        var collector = new TransportReport(_options, statistics, stats, _console);
        var threads = new Thread[workers.Length];
        for (int i = 0; i < workers.Length; i++)
        {
            string name = $"TransportPerf thread {i + 1}";
            threads[i] = ToolThread.Start(name, _options.Threads.CpuIdOf(i), workers[i].Run, _errors.WriteLine, e =>
            {
                _errors.WriteLine(InternalError.Report(name, e));
                Interlocked.CompareExchange(ref _internalError, $"{name}: {InternalError.Reason(e)}", null);
                shutdown.Request(ShutdownReason.InternalError);
            });
        }

        string? setupFailure = null;
        long runEnd = 0;
        try
        {
            if (_options.AppType == AppType.Server)
                ServeUntilShutdown(workers, collector, shutdown);
            else
                ConnectAndRunUntilShutdown(workers, collector, shutdown);
        }
        catch (TransportSetupException failure)
        {
            _errors.WriteLine($"TransportPerf: {failure.Message}");
            shutdown.Request(ShutdownReason.Failed);
            setupFailure = failure.Message;
        }
        finally
        {
            // The run's time ends here, not once the threads have written out what they still held.
            runEnd = System.Diagnostics.Stopwatch.GetTimestamp();
            shutdown.Request(ShutdownReason.Interrupted); // no-op when already ending; stops the threads otherwise
            foreach (Thread thread in threads)
            {
                if (!thread.Join(ThreadStopTimeout))
                    _errors.WriteLine($"TransportPerf: warning: {thread.Name} did not stop within {ThreadStopTimeout.TotalSeconds} s.");
            }
        }

        TransportRunOutcome outcome = TransportRunOutcome.Decide(_options, shutdown, new TransportRunOutcome.RunFacts(
            setupFailure, _connectionsMade, NoConnectionLine(shutdown.Reason), workers.Select(w => w.LastCloseReason).LastOrDefault(r => r is not null),
            stats.Sum(s => s.SequenceErrors.Total), stats.Sum(s => s.MissingMessages.Total), stats.Sum(s => s.MalformedMessages.Total),
            stats.Sum(s => s.ReflectionsDropped.Total), Volatile.Read(ref _internalError)));
        string summary = TransportSummary.Inputs(_options) + collector.Finish(runEnd) + Environment.NewLine + outcome.SummaryLine + Environment.NewLine;
        _console.Write(summary);
        if (SummaryFile.Write(_options.SummaryFile, summary) is not { } unwritten)
            return outcome.ExitCode;
        // A script that trusts exit 0 must find the file; a failed run keeps its own, more telling, code.
        _errors.WriteLine($"{TransportPerfCommandLine.ToolName}: {unwritten}");
        return outcome.ExitCode == 0 ? 1 : outcome.ExitCode;
    }

    // A client's line for never having connected, with what the attempt under way still waited for when none failed;
    // an interruption says how long it tried, not its run time.
    private string NoConnectionLine(ShutdownReason reason)
    {
        _connectFailures.RecordUnfinished(_endpoints.Unfinished);
        return reason == ShutdownReason.Interrupted ? _connectFailures.InterruptedLine() : _connectFailures.GiveUpLine(_options.RunTime);
    }

    private void ServeUntilShutdown(TransportThread[] workers, TransportReport collector, ShutdownSignal shutdown)
    {
        using IPerfListener listener = _endpoints.Listen();
        _console.WriteLine($"Server listening on port {listener.Port}.");
        Listening?.Invoke(listener.Port);
        var statsClock = new IntervalClock(Interval);
        while (!shutdown.IsRequested)
        {
            IPerfChannel? channel = listener.Accept(MainThreadWait, shutdown.Token, out string? failure);
            if (channel is not null)
            {
                TransportThread least = workers.MinBy(w => w.ConnectionCount)!;
                _console.WriteLine($"Accepted connection {channel.Description} on thread {least.Stats.ThreadNumber}.");
                least.Add(channel);
            }
            else if (failure is not null)
            {
                _errors.WriteLine($"TransportPerf: a connection failed to start: {failure}");
            }
            Collect(collector, statsClock, shutdown);
        }
    }

    private void ConnectAndRunUntilShutdown(TransportThread[] workers, TransportReport collector, ShutdownSignal shutdown)
    {
        var statsClock = new IntervalClock(Interval);
        int connected = 0;
        while (!shutdown.IsRequested)
        {
            if (connected < workers.Length)
            {
                IPerfChannel? channel = _endpoints.Connect(shutdown.Token, out string? failure);
                if (channel is null)
                {
                    failure ??= "unknown failure";
                    if (!shutdown.IsRequested && _connectFailures.Record(failure))
                        _errors.WriteLine(_connectFailures.RetryLine("TransportPerf", failure, ConnectRetryDelay));
                    shutdown.Token.WaitHandle.WaitOne(ConnectRetryDelay);
                }
                else
                {
                    _console.WriteLine($"Connected {channel.Description} on thread {connected + 1}.");
                    workers[connected++].Add(channel);
                    _connectionsMade++;
                }
            }
            else
            {
                shutdown.Token.WaitHandle.WaitOne(MainThreadWait);
            }
            Collect(collector, statsClock, shutdown);
        }
    }

    private static void Collect(TransportReport collector, IntervalClock statsClock, ShutdownSignal shutdown)
    {
        collector.DrainLatencies();
        if (statsClock.IsDue())
            collector.WriteInterval(running: !shutdown.IsRequested);
    }

    /// <summary>Fires every <c>interval</c>, on a fixed schedule from creation.</summary>
    private sealed class IntervalClock
    {
        private readonly long _interval;
        private long _next;

        public IntervalClock(TimeSpan interval)
        {
            _interval = (long)(interval.TotalSeconds * System.Diagnostics.Stopwatch.Frequency);
            _next = System.Diagnostics.Stopwatch.GetTimestamp() + _interval;
        }

        public bool IsDue()
        {
            if (System.Diagnostics.Stopwatch.GetTimestamp() < _next)
                return false;
            _next += _interval;
            return true;
        }
    }
}
