using PerfTools.Common.Lifetime;
using PerfTools.Common.Network;
using PerfTools.Common.Output;
using PerfTools.Common.Statistics;
using PerfTools.Common.Timing;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Output;
using PerfTools.ConsPerf.Statistics;
using PerfTools.ConsPerf.Threads;

namespace PerfTools.ConsPerf.Run;

/// <summary>
/// The main thread's part of a run (§4.2.1): starts the consumer threads, collects and writes their statistics every
/// -writeStatsInterval seconds, decides when the run is over (steady state done, snapshot images all in, no connection
/// or images late within -steadyStateTime, a connection lost, or a stop request), stops the threads and writes the summary. Whatever ends the run, the
/// summary is written.
/// </summary>
public sealed class ConsumerRun : IDisposable
{
    // How often the monitor looks at the threads between stats intervals (image completion, thread failures).
    private static readonly TimeSpan MonitorPeriod = TimeSpan.FromMilliseconds(100);
    private static readonly TimeSpan JoinTimeout = TimeSpan.FromSeconds(5);

    private readonly ConsPerfOptions _options;
    private readonly TextWriter _output;
    private readonly ConsumerThread[] _threads;
    private readonly ConsumerStatistics _statistics;
    private readonly ConsoleReport _console;
    private readonly bool[] _imageTimeReported;
    private readonly AutoResetEvent _threadEnded = new(false);
    private readonly ConnectFailures _connectFailures;

    public ConsumerRun(ConsPerfOptions options, ConsumerResources resources, TextWriter output)
    {
        _options = options;
        _output = output;
        int count = options.ThreadCount;
        _threads = new ConsumerThread[count];
        _connectFailures = new ConnectFailures(options.Host, options.Port);
        _imageTimeReported = new bool[count];
        var stats = new ConsumerThreadStats[count];
        for (int i = 0; i < count; i++)
        {
            int number = i + 1;
            stats[i] = new ConsumerThreadStats(number, resources.ItemsOf(i).Length);
            _threads[i] = new ConsumerThread(number, options.Threads.CpuIdOf(i), options, resources, resources.ItemsOf(i),
                stats[i], _connectFailures, Warn, () => _threadEnded.Set());
        }
        _statistics = new ConsumerStatistics(stats, options.DelaySteadyStateCalcMs, new StatsOutput(
            n => StatsFile.PathForThread(options.StatsFile, n),
            options.LogsLatency ? n => LatencyFileWriter.PathForThread(options.LatencyFile, n) : null));
        _statistics.Collector.OutputFailed = failure => Warn($"{ConsPerfCommandLine.ToolName}: warning: cannot write {failure}.");
        _console = new ConsoleReport(output);
    }

    /// <summary>Runs the test to its end and writes the summary; returns how it ended.</summary>
    public RunOutcome Execute(ShutdownSignal shutdown)
    {
        _output.Write(TestInputsText.Format(_options));
        _output.Write($"\nStarting connections ({_threads.Length} total)...\n\n");
        long startUsec = PerfTimestamp.NowMicroseconds();
        _statistics.Collector.Start();
        foreach (ConsumerThread thread in _threads)
            thread.Start();

        RunOutcome outcome = Monitor(shutdown, startUsec);

        foreach (ConsumerThread thread in _threads)
            thread.RequestStop();
        foreach (ConsumerThread thread in _threads)
        {
            if (!thread.Join(JoinTimeout))
                Warn($"{ConsPerfCommandLine.ToolName}: warning: consumer thread {thread.Stats.ThreadNumber} did not stop within {JoinTimeout.TotalSeconds} s.");
        }
        long endUsec = PerfTimestamp.NowMicroseconds();
        _statistics.Drain();
        // Worded once the threads have stopped: the attempt each had under way is recorded by then.
        if (outcome.Kind is RunOutcomeKind.CannotConnect or RunOutcomeKind.HostNotFound)
            outcome = outcome with { Reason = _connectFailures.GiveUpLine(_options.SteadyStateTime) + "." };

        _output.Write(outcome.Succeeded ? $"\n{outcome.Reason}\n" : $"\nError: {outcome.Reason}\n");
        string summary = SummaryReport.Format(_options, _statistics, _statistics.Collector.Resources, outcome, endUsec,
            _statistics.Collector.CpuTime);
        bool written = WriteSummaryFile(summary);
        _output.Write('\n');
        _output.Write(summary);
        _output.Flush();
        // A script that trusts exit 0 must find the summary file; a failed run keeps its own, more telling, code.
        return written || !outcome.Succeeded ? outcome : new RunOutcome(RunOutcomeKind.SummaryNotWritten, outcome.Reason);
    }

    private RunOutcome Monitor(ShutdownSignal shutdown, long startUsec)
    {
        long intervalUsec = _options.WriteStatsInterval * 1_000_000L;
        long steadyStateUsec = _options.SteadyStateTime * 1_000_000L;
        long nextStatsUsec = startUsec + intervalUsec;
        WaitHandle[] wakeUps = [shutdown.Token.WaitHandle, _threadEnded];
        while (true)
        {
            WaitHandle.WaitAny(wakeUps, MonitorPeriod);
            long now = PerfTimestamp.NowMicroseconds();
            if (shutdown.IsRequested)
                return new RunOutcome(RunOutcomeKind.Interrupted, "Run stopped (interrupted) before the test finished.");
            foreach (ConsumerThread thread in _threads)
            {
                if (thread.End is { } end)
                    return new RunOutcome(end.Kind, $"Consumer thread {thread.Stats.ThreadNumber}: {end.Reason}");
            }
            _statistics.Drain();
            if (now >= nextStatsUsec)
            {
                WriteInterval();
                nextStatsUsec += intervalUsec;
            }

            if (AllImagesReceived(out long lastImageUsec))
            {
                if (_options.Snapshot)
                    return new RunOutcome(RunOutcomeKind.SnapshotCompleted, "Received all images for snapshot test.");
                if (now >= lastImageUsec + steadyStateUsec)
                    return new RunOutcome(RunOutcomeKind.SteadyStateCompleted,
                        $"Steady-state time of {_options.SteadyStateTime} seconds has expired.");
            }
            else if (EarliestConnectionUsec() is long connected and > 0)
            {
                if (now >= connected + steadyStateUsec)
                    return ImagesIncomplete();
            }
            else if (now >= startUsec + steadyStateUsec)
            {
                return new RunOutcome(_connectFailures.HostNotFound ? RunOutcomeKind.HostNotFound : RunOutcomeKind.CannotConnect,
                    _connectFailures.GiveUpLine(_options.SteadyStateTime) + ".");
            }
        }
    }

    private RunOutcome ImagesIncomplete()
    {
        long received = _threads.Sum(t => t.Stats.ImagesReceived.Total);
        long expected = _threads.Sum(t => (long)t.Stats.ItemCount);
        string why = _threads.All(t => t.Stats.RequestsSent.Total == 0)
            ? $" (service {_options.ServiceName} never became available)" : "";
        return new RunOutcome(RunOutcomeKind.ImagesTimedOut,
            $"images incomplete: {received} of {expected} images received within {_options.SteadyStateTime} seconds of connecting{why}.");
    }

    private bool AllImagesReceived(out long lastImageUsec)
    {
        lastImageUsec = 0;
        foreach (ConsumerThread thread in _threads)
        {
            if (thread.Stats.ItemCount == 0)
                continue;
            long end = thread.Stats.ImageRetrievalEndUsec;
            if (end == 0)
                return false;
            lastImageUsec = Math.Max(lastImageUsec, end);
        }
        return lastImageUsec != 0;
    }

    // -steadyStateTime bounds the startup twice (§4.4): the first connection must come within it of the start (else
    // "cannot connect" or "host not found"), and every image within it of that connection (the test begins there,
    // §4.2.1), so waiting for the provider's service or its images counts, a provider started a moment late does not.
    private long EarliestConnectionUsec()
    {
        long earliest = 0;
        foreach (ConsumerThread thread in _threads)
        {
            long start = thread.Stats.ConnectedUsec;
            if (start != 0 && (earliest == 0 || start < earliest))
                earliest = start;
        }
        return earliest;
    }

    private void WriteInterval()
    {
        StatsCollector<ConsumerThreadStats> collector = _statistics.Collector;
        collector.Collect();
        if (!_options.DisplayStats)
            return;
        for (int i = 0; i < _threads.Length; i++)
        {
            IntervalFigures figures = collector.Thread(i);
            _console.WriteInterval((long)figures.ElapsedSeconds, _threads.Length > 1 ? i + 1 : 0, figures);
            ReportImageRetrieval(i, _threads[i].Stats);
        }
        _output.Flush();
    }

    private void ReportImageRetrieval(int index, ConsumerThreadStats s)
    {
        if (_imageTimeReported[index] || !s.AllImagesReceived)
            return;
        _imageTimeReported[index] = true;
        _console.WriteImageRetrieval(s.ItemCount, s.ImageRetrievalEndUsec - s.ImageRetrievalStartUsec);
    }

    // "Error: ..." as ConsPerf's other run-ending lines: a completed run whose file is not written exits 1.
    private bool WriteSummaryFile(string summary)
    {
        if (SummaryFile.Write(_options.SummaryFile, summary) is not { } unwritten)
            return true;
        Warn($"Error: {unwritten}");
        return false;
    }

    // The output is a synchronized writer (ConsPerfApp), so consumer threads may call this too.
    private void Warn(string message) => _output.WriteLine(message);

    public void Dispose()
    {
        _statistics.Dispose();
        _threadEnded.Dispose();
    }
}
