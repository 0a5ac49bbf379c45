using PerfTools.Common.Output;
using PerfTools.Common.Resources;
using PerfTools.Common.Threading;
using PerfTools.Common.Timing;

namespace PerfTools.Common.Statistics;

/// <summary>
/// The one statistics collector of the tools (guide §2.5, ch. 10), configured by a <see cref="StatsLayout{TThread}"/>:
/// on the main thread it drains each worker thread's latency queues (into per-thread and all-thread distributions,
/// the latency files and an optional <see cref="ILatencyObserver"/>), and every stats interval samples CPU and
/// memory, takes each counter's growth per thread, and writes each thread's stats row. The tool prints its console
/// lines and summary from <see cref="Thread"/>, <see cref="AllThreads"/>, <see cref="Latency"/> and
/// <see cref="Resources"/>. Workers write, this reads, without locks. <see cref="DrainLatencies"/> and
/// <see cref="Collect"/> allocate nothing.
/// </summary>
public sealed class StatsCollector<TThread> : IDisposable
{
    private readonly StatsLayout<TThread> _layout;
    private readonly IReadOnlyList<TThread> _threads;
    private readonly IntervalFigures[] _figures;
    private readonly IntervalFigures _all;
    private readonly LatencyAccumulator[][] _latency;
    private readonly LatencyAccumulator[] _allLatency;
    private readonly LatencyRecordQueue[][] _queues;
    private readonly StatsFile?[] _statsFiles;
    private readonly LatencyFileWriter?[] _latencyFiles;
    private readonly List<string> _outputFailures = [];
    private readonly ResourceSampler _sampler;
    private readonly ResourceStatistics _resources = new();
    private readonly ITimeSource _clock;
    private long _start;
    private long _last;
    private TimeSpan _startCpu;

    /// <exception cref="IOException">A stats or latency file cannot be created (also <see cref="UnauthorizedAccessException"/>);
    /// the files already opened are closed.</exception>
    public StatsCollector(StatsLayout<TThread> layout, IReadOnlyList<TThread> threads, StatsOutput output, ITimeSource? clock = null)
    {
        _layout = layout;
        _threads = threads;
        _clock = clock ?? SystemTimeSource.Instance;
        int counters = layout.Counters.Count, streams = layout.Latencies.Count;
        _figures = new IntervalFigures[threads.Count];
        _all = new IntervalFigures(-1, counters, streams);
        _latency = new LatencyAccumulator[threads.Count][];
        _queues = new LatencyRecordQueue[threads.Count][];
        _allLatency = new LatencyAccumulator[streams];
        for (int s = 0; s < streams; s++)
            _allLatency[s] = new LatencyAccumulator(layout.Latencies[s].HighestTrackableValue);
        _statsFiles = new StatsFile?[threads.Count];
        _latencyFiles = new LatencyFileWriter?[threads.Count];
        for (int t = 0; t < threads.Count; t++)
        {
            _figures[t] = new IntervalFigures(t, counters, streams);
            _latency[t] = new LatencyAccumulator[streams];
            _queues[t] = new LatencyRecordQueue[streams];
            for (int s = 0; s < streams; s++)
            {
                _latency[t][s] = new LatencyAccumulator(layout.Latencies[s].HighestTrackableValue);
                _queues[t][s] = layout.Latencies[s].Queue(threads[t]);
            }
        }
        try
        {
            for (int t = 0; t < threads.Count; t++)
            {
                if (output.StatsPath?.Invoke(t + 1) is { } statsPath)
                    _statsFiles[t] = new StatsFile(statsPath, layout.Columns, output.OpenFile?.Invoke(statsPath));
                if (output.LatencyPath?.Invoke(t + 1) is { } latencyPath)
                    _latencyFiles[t] = new LatencyFileWriter(latencyPath, output.LatencyHeader, output.LatencyUnitsPerMicrosecond,
                        output.OpenFile?.Invoke(latencyPath));
            }
        }
        catch
        {
            Dispose();
            throw;
        }
        _sampler = new ResourceSampler(_clock);
        Start();
    }

    public int ThreadCount => _threads.Count;

    /// <summary>Sees every sample after it is counted; set before the threads start.</summary>
    public ILatencyObserver? Observer { get; set; }

    /// <summary>
    /// Called once for each stats or latency file that stops being written mid-run (a full disk), with its path and
    /// why; the run goes on. Set it before the threads start.
    /// </summary>
    public Action<string>? OutputFailed { get; set; }

    /// <summary>Every stats or latency file that could not be written in full so far, as given to <see cref="OutputFailed"/>.</summary>
    public IReadOnlyList<string> OutputFailures => _outputFailures;

    /// <summary>CPU/memory samples of every interval so far (the summary's "CPU/Memory samples" lines).</summary>
    public ResourceStatistics Resources => _resources;

    /// <summary>Process CPU time since <see cref="Start"/>.</summary>
    public TimeSpan CpuTime => ResourceSampler.TotalCpuTime - _startCpu;

    /// <summary>Thread <paramref name="thread"/>'s last interval and totals.</summary>
    public IntervalFigures Thread(int thread) => _figures[thread];

    /// <summary>All threads' last interval together: counts summed, latency merged.</summary>
    public IntervalFigures AllThreads => _all;

    /// <summary>Every sample of latency stream <paramref name="stream"/> taken from thread <paramref name="thread"/> so far.</summary>
    public LatencyAccumulator Latency(int thread, int stream) => _latency[thread][stream];

    /// <summary>Every sample of latency stream <paramref name="stream"/> from all threads so far.</summary>
    public LatencyAccumulator AllLatency(int stream) => _allLatency[stream];

    /// <summary>Samples queued but dropped because the collector fell behind, for thread <paramref name="thread"/>.</summary>
    public long LatencySamplesDropped(int thread)
    {
        long dropped = 0;
        foreach (LatencyRecordQueue queue in _queues[thread])
            dropped += queue.Dropped;
        return dropped;
    }

    /// <summary>(Re)starts the clock of the first interval, elapsed time and CPU time; the constructor calls it.</summary>
    public void Start()
    {
        _start = _clock.GetTimestamp();
        _last = _start;
        _startCpu = ResourceSampler.TotalCpuTime;
        _sampler.Sample(); // opens the CPU measurement window
    }

    /// <summary>Moves every queued latency sample into the statistics and the latency files. Call as often as wanted.</summary>
    public void DrainLatencies()
    {
        for (int t = 0; t < _threads.Count; t++)
        {
            LatencyFileWriter? file = _latencyFiles[t];
            for (int s = 0; s < _queues[t].Length; s++)
            {
                LatencyRecordQueue queue = _queues[t][s];
                LatencyAccumulator mine = _latency[t][s], all = _allLatency[s];
                string? tag = _layout.Latencies[s].FileTag;
                LatencyFileWriter? log = _layout.Latencies[s].Logged ? file : null;
                while (queue.TryDequeue(out LatencyRecord record))
                {
                    mine.Record(record.Latency);
                    all.Record(record.Latency);
                    log?.WriteSample(tag, record.SendTime, record.ReceiveTime, record.Latency);
                    Observer?.OnLatency(t, s, record);
                }
            }
            file?.Flush();
        }
        NoteOutputFailures();
    }

    /// <summary>
    /// Ends a stats interval: drains the latency queues, samples CPU and memory, takes every counter and latency
    /// interval of every thread and writes each thread's stats row.
    /// </summary>
    public void Collect()
    {
        DrainLatencies();
        long now = _clock.GetTimestamp();
        double seconds = (now - _last) / (double)_clock.Frequency;
        double elapsed = (now - _start) / (double)_clock.Frequency;
        _last = now;
        ResourceSample sample = _sampler.Sample();
        _resources.Add(sample);
        DateTime utc = DateTime.UtcNow;
        Stamp(_all, utc, elapsed, seconds, sample);
        for (int c = 0; c < _layout.Counters.Count; c++)
            _all.SetSum(c, 0, 0);
        for (int s = 0; s < _allLatency.Length; s++)
            _all.SetLatency(s, default);

        for (int t = 0; t < _threads.Count; t++)
        {
            IntervalFigures figures = _figures[t];
            Stamp(figures, utc, elapsed, seconds, sample);
            for (int c = 0; c < _layout.Counters.Count; c++)
            {
                figures.SetCount(c, _layout.Counters[c](_threads[t]));
                _all.SetSum(c, _all.Count(c) + figures.Count(c), _all.Total(c) + figures.Total(c));
            }
            for (int s = 0; s < _allLatency.Length; s++)
            {
                RunningStatistics interval = _latency[t][s].TakeInterval();
                figures.SetLatency(s, interval);
                RunningStatistics merged = _all.Latency(s);
                merged.Merge(interval);
                _all.SetLatency(s, merged);
            }
            _statsFiles[t]?.WriteRow(figures);
        }
        NoteOutputFailures();
    }

    // Two array walks when nothing failed; a list entry and a call the first time a file fails.
    private void NoteOutputFailures()
    {
        foreach (StatsFile? file in _statsFiles)
            Note(file?.Failure);
        foreach (LatencyFileWriter? file in _latencyFiles)
            Note(file?.Failure);
    }

    private void Note(string? failure)
    {
        if (failure is null || _outputFailures.Contains(failure))
            return;
        _outputFailures.Add(failure);
        OutputFailed?.Invoke(failure);
    }

    private static void Stamp(IntervalFigures figures, DateTime utc, double elapsed, double seconds, ResourceSample sample)
    {
        figures.Utc = utc;
        figures.ElapsedSeconds = elapsed;
        figures.Seconds = seconds;
        figures.Resources = sample;
    }

    /// <summary>Closes the stats files and the latency files (each latency file writes its <c>.hgrm</c> beside it).</summary>
    public void Dispose()
    {
        foreach (StatsFile? file in _statsFiles)
            file?.Dispose();
        foreach (LatencyFileWriter? file in _latencyFiles)
            file?.Dispose();
        NoteOutputFailures();
    }
}
