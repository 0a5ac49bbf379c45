using PerfTools.Common.Lifetime;
using PerfTools.Common.Output;
using PerfTools.Common.Resources;
using PerfTools.Common.Timing;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Output;
using PerfTools.ConsPerf.Stats;
using PerfTools.ConsPerf.Threads;

namespace PerfTools.ConsPerf.Run;

/// <summary>
/// The main thread's part of a run (§4.2.1): starts the consumer threads, collects and writes their statistics every
/// -writeStatsInterval seconds, decides when the run is over (steady state done, snapshot images all in, images late,
/// a connection lost, or a stop request), stops the threads and writes the summary. Whatever ends the run, the
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
    private readonly LatencyCollector[] _collectors;
    private readonly StatsFileWriter<StatsRow>[] _statsFiles;
    private readonly LatencySeries[]? _total;
    private readonly bool[] _imageTimeReported;
    private readonly ResourceSampler _sampler = new();
    private readonly ResourceStatistics _resources = new();
    private readonly AutoResetEvent _threadEnded = new(false);
    private long _lastIntervalUsec;

    public ConsumerRun(ConsPerfOptions options, ConsumerResources resources, TextWriter output)
    {
        _options = options;
        _output = output;
        int count = options.ThreadCount;
        _total = count > 1 ? [new(), new(), new()] : null;
        _threads = new ConsumerThread[count];
        _collectors = new LatencyCollector[count];
        _statsFiles = new StatsFileWriter<StatsRow>[count];
        _imageTimeReported = new bool[count];
        for (int i = 0; i < count; i++)
        {
            int number = i + 1;
            var stats = new ConsumerThreadStats(number, resources.ItemsOf(i).Length);
            _threads[i] = new ConsumerThread(number, options.Threads.CpuIdOf(i), options, resources, resources.ItemsOf(i),
                stats, Warn, () => _threadEnded.Set());
            _collectors[i] = new LatencyCollector(stats, _total, options.DelaySteadyStateCalcMs,
                options.LogsLatency ? LatencyFileWriter.PathForThread(options.LatencyFile, number) : null);
            _statsFiles[i] = new StatsFileWriter<StatsRow>(
                StatsFileWriter<StatsRow>.PathForThread(options.StatsFile, number), StatsColumns.All);
        }
    }

    /// <summary>Runs the test to its end and writes the summary; returns how it ended.</summary>
    public RunOutcome Execute(ShutdownSignal shutdown)
    {
        _output.Write(TestInputsText.Format(_options));
        _output.Write($"\nStarting connections ({_threads.Length} total)...\n\n");
        long startUsec = PerfTimestamp.NowMicroseconds();
        _lastIntervalUsec = startUsec;
        foreach (ConsumerThread thread in _threads)
            thread.Start();

        RunOutcome outcome = Monitor(shutdown, startUsec);

        foreach (ConsumerThread thread in _threads)
            thread.RequestStop();
        foreach (ConsumerThread thread in _threads)
        {
            if (!thread.Join(JoinTimeout))
                Warn($"Warning: consumer thread {thread.Stats.ThreadNumber} did not stop within {JoinTimeout.TotalSeconds} s.");
        }
        long endUsec = PerfTimestamp.NowMicroseconds();
        foreach (LatencyCollector collector in _collectors)
            collector.Drain();

        _output.Write(outcome.Succeeded ? $"\n{outcome.Reason}\n" : $"\nError: {outcome.Reason}\n");
        string summary = SummaryReport.Format(_options, _collectors, _total, _resources, outcome, endUsec);
        WriteSummaryFile(summary);
        _output.Write('\n');
        _output.Write(summary);
        _output.Flush();
        return outcome;
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
            foreach (LatencyCollector collector in _collectors)
                collector.Drain();
            if (now >= nextStatsUsec)
            {
                WriteInterval((now - startUsec) / 1_000_000, now);
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
            else if (EarliestConnectionUsec() is long connected and > 0 && now >= connected + steadyStateUsec)
            {
                string why = _threads.All(t => t.Stats.RequestsSent.Total == 0)
                    ? $" (service {_options.ServiceName} never became available)" : "";
                return new RunOutcome(RunOutcomeKind.ImagesTimedOut,
                    $"Failed to receive all images within {_options.SteadyStateTime} seconds{why}.");
            }
        }
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

    // The image deadline (-steadyStateTime) runs from the first connection: waiting for a provider that is not yet
    // listening does not count, waiting for its service or its images does.
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

    private void WriteInterval(long runSeconds, long nowUsec)
    {
        double seconds = Math.Max(1e-6, (nowUsec - _lastIntervalUsec) / 1e6);
        _lastIntervalUsec = nowUsec;
        ResourceSample sample = _sampler.Sample();
        _resources.Add(sample);
        DateTime utc = DateTime.UtcNow;
        for (int i = 0; i < _threads.Length; i++)
        {
            ConsumerThreadStats s = _collectors[i].Source;
            var figures = new IntervalFigures(
                Images: s.RefreshesReceived.TakeChange(),
                UpdateRate: (s.StartupUpdates.TakeChange() + s.SteadyStateUpdates.TakeChange()) / seconds,
                PostsSent: s.PostsSent.TakeChange(),
                PostsOutOfBuffers: s.PostsOutOfBuffers.TakeChange(),
                GenMsgsSent: s.GenMsgsSent.TakeChange(),
                LatencyGenMsgsSent: s.LatencyGenMsgsSent.TakeChange(),
                GenMsgsReceived: s.GenMsgsReceived.TakeChange(),
                StatusMsgs: s.StatusMsgsReceived.TakeChange(),
                UpdateLatency: _collectors[i].Of(LatencyKind.Update).TakeInterval(),
                PostLatency: _collectors[i].Of(LatencyKind.Post).TakeInterval(),
                GenMsgLatency: _collectors[i].Of(LatencyKind.GenMsg).TakeInterval());
            _statsFiles[i].WriteRow(new StatsRow(utc, figures, sample.CpuPercent, sample.MemoryMegabytes));
            if (_options.DisplayStats)
            {
                ConsoleReport.WriteInterval(_output, runSeconds, _threads.Length > 1 ? i + 1 : 0, figures,
                    sample.CpuPercent, sample.MemoryMegabytes);
                ReportImageRetrieval(i, s);
            }
        }
        _output.Flush();
    }

    private void ReportImageRetrieval(int index, ConsumerThreadStats s)
    {
        if (_imageTimeReported[index] || !s.AllImagesReceived)
            return;
        _imageTimeReported[index] = true;
        ConsoleReport.WriteImageRetrieval(_output, s.ItemCount, s.ImageRetrievalEndUsec - s.ImageRetrievalStartUsec);
    }

    private void WriteSummaryFile(string summary)
    {
        try
        {
            File.WriteAllText(_options.SummaryFile, summary);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            Warn($"Error: cannot write the summary file {_options.SummaryFile}: {e.Message}");
        }
    }

    // The output is a synchronized writer (ConsPerfApp), so consumer threads may call this too.
    private void Warn(string message) => _output.WriteLine(message);

    public void Dispose()
    {
        foreach (LatencyCollector collector in _collectors)
            collector.Dispose();
        foreach (StatsFileWriter<StatsRow> file in _statsFiles)
            file.Dispose();
        _threadEnded.Dispose();
    }
}
