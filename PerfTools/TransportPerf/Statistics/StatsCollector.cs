using System.Diagnostics;
using HdrHistogram;
using PerfTools.Common.Output;
using PerfTools.Common.Resources;
using PerfTools.Common.Statistics;
using PerfTools.Common.Threading;
using PerfTools.TransportPerf.Options;
using PerfTools.TransportPerf.Output;

namespace PerfTools.TransportPerf.Statistics;

/// <summary>
/// The main thread's side of statistics (§7.2: "the main thread monitors the other threads and collects and
/// reports their statistics"): drains each thread's latency queue, writes each thread's stats file and latency
/// log, prints the console block every -writeStatsInterval, and at the end produces the summary.
/// </summary>
internal sealed class StatsCollector : IDisposable
{
    private const double NanosecondsPerMicrosecond = 1000.0;

    private readonly TransportPerfOptions _options;
    private readonly TextWriter _console;
    private readonly ThreadRecord[] _threads;
    private readonly ResourceSampler _resources = new();
    private readonly ResourceStatistics _resourceStats = new();
    private readonly long _startTimestamp = Stopwatch.GetTimestamp();
    private long _lastIntervalTimestamp;

    public StatsCollector(TransportPerfOptions options, IReadOnlyList<TransportThreadStats> threads, TextWriter console)
    {
        _options = options;
        _console = console;
        _lastIntervalTimestamp = _startTimestamp;
        _threads = new ThreadRecord[threads.Count];
        bool opened = false;
        try
        {
            for (int i = 0; i < threads.Count; i++)
                _threads[i] = new ThreadRecord(threads[i], options);
            opened = true;
        }
        finally
        {
            if (!opened)
                Dispose(); // close the files already opened when a later one fails
        }
    }

    /// <summary>Files opened, for the final report and tests.</summary>
    public IEnumerable<string> OutputFiles =>
        _threads.SelectMany(t => t.LatencyFile is null ? [t.StatsFile.Path] : new[] { t.StatsFile.Path, t.LatencyFile.Path });

    /// <summary>Moves queued latency samples into the statistics (and the latency logs). Call often.</summary>
    public void DrainLatencies()
    {
        foreach (ThreadRecord thread in _threads)
        {
            LatencyRecordQueue queue = thread.Stats.Latencies;
            while (queue.TryDequeue(out LatencyRecord record))
            {
                thread.Latency.Record(record.Latency);
                thread.LatencyFile?.WriteSample(null, record.SendTime, record.ReceiveTime, record.Latency);
            }
        }
    }

    /// <summary>Writes one interval: a row per thread in its stats file and, unless disabled, the console block.</summary>
    public void WriteInterval()
    {
        DrainLatencies();
        long now = Stopwatch.GetTimestamp();
        double seconds = (now - _lastIntervalTimestamp) / (double)Stopwatch.Frequency;
        _lastIntervalTimestamp = now;
        ResourceSample resources = _resources.Sample();
        _resourceStats.Add(resources);
        DateTime utc = DateTime.UtcNow;

        TransportStatsRow total = default;
        RunningStatistics totalLatency = default;
        foreach (ThreadRecord thread in _threads)
        {
            TransportThreadStats s = thread.Stats;
            RunningStatistics latency = thread.Latency.TakeInterval();
            var row = new TransportStatsRow(utc, seconds, s.MsgsSent.TakeChange(), s.BytesSent.TakeChange(),
                s.MsgsReceived.TakeChange(), s.BytesReceived.TakeChange(), latency, s.SequenceErrors.TakeChange(),
                s.MissingMessages.TakeChange(), s.OutOfBuffers.TakeChange(), resources.CpuPercent, resources.MemoryMegabytes);
            thread.StatsFile.WriteRow(row);
            thread.LatencyFile?.Flush();
            totalLatency.Merge(latency);
            total = total with
            {
                MsgsSent = total.MsgsSent + row.MsgsSent,
                BytesSent = total.BytesSent + row.BytesSent,
                MsgsReceived = total.MsgsReceived + row.MsgsReceived,
                BytesReceived = total.BytesReceived + row.BytesReceived,
                SequenceErrors = total.SequenceErrors + row.SequenceErrors,
                MissingMessages = total.MissingMessages + row.MissingMessages,
                OutOfBuffers = total.OutOfBuffers + row.OutOfBuffers,
            };
        }
        if (_options.DisplayStats)
        {
            total = total with
            {
                Utc = utc, IntervalSeconds = seconds, Latency = totalLatency,
                CpuPercent = resources.CpuPercent, MemoryMegabytes = resources.MemoryMegabytes,
            };
            long elapsed = (long)Math.Round((now - _startTimestamp) / (double)Stopwatch.Frequency);
            _console.Write(TransportConsoleReport.Format(elapsed, total));
        }
    }

    /// <summary>Final drain and the summary text (overall and, with several threads, per thread); disposing writes the .hgrm files.</summary>
    public string Finish()
    {
        // The last, partial interval always gets its row, so the stats files add up to the summary's totals.
        WriteInterval();
        DrainLatencies();
        long end = Stopwatch.GetTimestamp();

        var perThread = new List<TransportSummary.Results>();
        LongHistogram histogram = LatencyHistograms.Create();
        RunningStatistics latency = default;
        foreach (ThreadRecord thread in _threads)
        {
            TransportSummary.Results results = thread.Results(end);
            perThread.Add(results);
            histogram.Add(thread.Latency.Histogram);
            latency.Merge(thread.Latency.Overall);
        }
        long firstConnect = _threads.Select(t => t.Stats.FirstConnectTime).Where(t => t != 0).DefaultIfEmpty(end).Min();
        var total = new TransportSummary.Results(
            (end - firstConnect) / (double)Stopwatch.Frequency,
            perThread.Sum(r => r.MsgsSent), perThread.Sum(r => r.MsgsReceived),
            perThread.Sum(r => r.BytesSent), perThread.Sum(r => r.BytesReceived),
            latency, histogram,
            perThread.Sum(r => r.SequenceErrors), perThread.Sum(r => r.MissingMessages),
            perThread.Sum(r => r.OutOfBuffers), perThread.Sum(r => r.LatencyRecordsDropped));
        return TransportSummary.Overall(perThread, total, _resourceStats, Environment.ProcessId);
    }

    public void Dispose()
    {
        foreach (ThreadRecord? thread in _threads)
            thread?.Dispose();
    }

    /// <summary>Everything the collector keeps for one transport thread.</summary>
    private sealed class ThreadRecord : IDisposable
    {
        public ThreadRecord(TransportThreadStats stats, TransportPerfOptions options)
        {
            Stats = stats;
            StatsFile = new StatsFileWriter<TransportStatsRow>(
                TransportFileNames.ForThread(options.StatsFile, stats.ThreadNumber, Environment.ProcessId), TransportStatsColumns.All);
            if (options.LatencyFile.Length > 0)
            {
                LatencyFile = new LatencyFileWriter(TransportFileNames.ForThread(options.LatencyFile, stats.ThreadNumber, Environment.ProcessId),
                    "Send Time, Receive Time, Latency(nsec)", NanosecondsPerMicrosecond);
            }
        }

        public TransportThreadStats Stats { get; }

        public LatencyAccumulator Latency { get; } = new();

        public StatsFileWriter<TransportStatsRow> StatsFile { get; }

        public LatencyFileWriter? LatencyFile { get; }

        public TransportSummary.Results Results(long end)
        {
            long start = Stats.FirstConnectTime == 0 ? end : Stats.FirstConnectTime;
            return new TransportSummary.Results(
                (end - start) / (double)Stopwatch.Frequency,
                Stats.MsgsSent.Total, Stats.MsgsReceived.Total, Stats.BytesSent.Total, Stats.BytesReceived.Total,
                Latency.Overall, Latency.Histogram, Stats.SequenceErrors.Total, Stats.MissingMessages.Total,
                Stats.OutOfBuffers.Total, Stats.Latencies.Dropped);
        }

        public void Dispose()
        {
            StatsFile.Dispose();
            LatencyFile?.Dispose();
        }
    }
}
