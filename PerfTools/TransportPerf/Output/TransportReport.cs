using System.Diagnostics;
using HdrHistogram;
using PerfTools.Common.Output;
using PerfTools.Common.Statistics;
using PerfTools.TransportPerf.Options;
using PerfTools.TransportPerf.Statistics;

namespace PerfTools.TransportPerf.Output;

/// <summary>
/// The main thread's side of statistics (§7.2: "the main thread monitors the other threads and collects and
/// reports their statistics") on the common collector: the console block every -writeStatsInterval, and at the end
/// the summary's results.
/// </summary>
internal sealed class TransportReport
{
    private readonly TransportPerfOptions _options;
    private readonly StatsCollector<TransportThreadStats> _collector;
    private readonly IReadOnlyList<TransportThreadStats> _threads;
    private readonly TextWriter _console;
    private readonly TextLines _lines = new();
    // Managed bytes allocated and messages counted at the end of the first interval that had messages and at the end
    // of the last interval the run completed: the steady state the summary's allocation line measures lies between,
    // after the connections' buffers were allocated and before the run was told to end. Ending allocates, once and
    // on the thread pool (the run-time timer's or the signal's callback, then the orderly close): counted, it showed a
    // 10,000 msg/s run 0.4 bytes per message that no message allocated.
    private long _steadyAllocated = -1;
    private long _steadyMessages;
    private long _lastAllocated;
    private long _lastMessages;

    public TransportReport(TransportPerfOptions options, StatsCollector<TransportThreadStats> collector,
        IReadOnlyList<TransportThreadStats> threads, TextWriter console)
    {
        _options = options;
        _collector = collector;
        _threads = threads;
        _console = console;
        collector.OutputFailed = failure => console.WriteLine($"TransportPerf: warning: cannot write {failure}.");
    }

    /// <summary>Moves queued latency samples into the statistics (and the latency logs). Call often.</summary>
    public void DrainLatencies() => _collector.DrainLatencies();

    /// <summary>
    /// Writes one interval: a row per thread in its stats file and, unless disabled, the console block.
    /// <paramref name="running"/> is false for an interval cut short by the end of the run (outside the steady state).
    /// </summary>
    public void WriteInterval(bool running = true)
    {
        _collector.Collect();
        long messages = Messages();
        if (running && messages > 0)
        {
            long allocated = GC.GetTotalAllocatedBytes(precise: true);
            if (_steadyAllocated < 0)
            {
                _steadyAllocated = allocated;
                _steadyMessages = messages;
            }
            _lastAllocated = allocated;
            _lastMessages = messages;
        }
        if (_options.DisplayStats)
        {
            IntervalFigures all = _collector.AllThreads;
            TransportConsoleReport.Write(_lines, _console, (long)Math.Round(all.ElapsedSeconds), all);
        }
    }

    /// <summary>
    /// Final interval and the summary text (overall and, with several threads, per thread); rates are over the time
    /// from each thread's first connection to <paramref name="end"/> (Stopwatch ticks), when the run was told to end.
    /// </summary>
    public string Finish(long end)
    {
        // The last, partial interval always gets its row, so the stats files add up to the summary's totals.
        WriteInterval(running: false);
        long steadyAllocated = _steadyAllocated < 0 ? 0 : _lastAllocated - _steadyAllocated;
        long steadyMessages = _steadyAllocated < 0 ? 0 : _lastMessages - _steadyMessages;

        var perThread = new List<TransportSummary.Results>();
        LongHistogram histogram = LatencyHistograms.Create();
        RunningStatistics latency = default;
        for (int i = 0; i < _threads.Count; i++)
        {
            TransportSummary.Results results = Results(i, end);
            perThread.Add(results);
            histogram.Add(results.Histogram);
            latency.Merge(results.Latency);
        }
        long firstConnect = _threads.Select(t => t.FirstConnectTime).Where(t => t != 0).DefaultIfEmpty(end).Min();
        var total = new TransportSummary.Results(
            (end - firstConnect) / (double)Stopwatch.Frequency,
            perThread.Sum(r => r.MsgsSent), perThread.Sum(r => r.MsgsReceived),
            perThread.Sum(r => r.BytesSent), perThread.Sum(r => r.BytesReceived),
            latency, histogram,
            perThread.Sum(r => r.SequenceErrors), perThread.Sum(r => r.MissingMessages),
            perThread.Sum(r => r.OutOfBuffers), perThread.Sum(r => r.BehindSchedule), perThread.Sum(r => r.BytesWritten),
            perThread.Sum(r => r.LatencyRecordsDropped));
        return TransportSummary.Overall(perThread, total, _collector.Resources, Environment.ProcessId,
            _collector.CpuTime, total.MsgsSent + total.MsgsReceived, steadyAllocated, steadyMessages, _collector.OutputFailures);
    }

    private long Messages() =>
        _collector.AllThreads.Total((int)TransportCounter.MsgsSent) + _collector.AllThreads.Total((int)TransportCounter.MsgsReceived);

    private TransportSummary.Results Results(int thread, long end)
    {
        TransportThreadStats stats = _threads[thread];
        IntervalFigures f = _collector.Thread(thread);
        LatencyAccumulator latency = _collector.Latency(thread, TransportStatistics.Latency);
        long start = stats.FirstConnectTime == 0 ? end : stats.FirstConnectTime;
        return new TransportSummary.Results(
            (end - start) / (double)Stopwatch.Frequency,
            f.Total((int)TransportCounter.MsgsSent), f.Total((int)TransportCounter.MsgsReceived),
            f.Total((int)TransportCounter.BytesSent), f.Total((int)TransportCounter.BytesReceived),
            latency.Overall, latency.Histogram, f.Total((int)TransportCounter.SequenceErrors),
            f.Total((int)TransportCounter.MissingMessages), f.Total((int)TransportCounter.OutOfBuffers),
            f.Total((int)TransportCounter.BehindSchedule), f.Total((int)TransportCounter.BytesWritten),
            _collector.LatencySamplesDropped(thread));
    }
}
