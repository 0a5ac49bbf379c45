using System.Diagnostics;
using System.Globalization;
using PerfTools.Common.Output;
using PerfTools.Common.Provider;
using PerfTools.Common.Resources;
using PerfTools.NIProvPerf.Options;

namespace PerfTools.NIProvPerf.Output;

/// <summary>
/// The main thread's periodic work (guide §6.7): every stats interval it samples CPU and memory, takes each
/// provider thread's counts since the previous interval, writes a line to that thread's stats file and, unless
/// disabled, the console lines; at the end it builds the summary.
/// </summary>
internal sealed class NIProvStatsCollector : IDisposable
{
    private static readonly CultureInfo Culture = CultureInfo.InvariantCulture;

    private readonly NIProvPerfOptions _options;
    private readonly IReadOnlyList<PublishingStats> _threads;
    private readonly TextWriter _console;
    private readonly ResourceSampler _sampler = new();
    private readonly ResourceStatistics _resources = new();
    private readonly (long Images, long Updates)[] _perThread;
    private readonly StatsFileWriter<NIProvStatsRow>[] _statsFiles;
    private readonly long _start = Stopwatch.GetTimestamp();
    private long _lastCollect;
    private long _totalImages;

    /// <exception cref="IOException">A stats file cannot be created (also <see cref="UnauthorizedAccessException"/>).</exception>
    public NIProvStatsCollector(NIProvPerfOptions options, IReadOnlyList<PublishingStats> threads, TextWriter console)
    {
        _options = options;
        _threads = threads;
        _console = console;
        _perThread = new (long, long)[threads.Count];
        _statsFiles = new StatsFileWriter<NIProvStatsRow>[threads.Count];
        try
        {
            for (int i = 0; i < threads.Count; i++)
                _statsFiles[i] = new StatsFileWriter<NIProvStatsRow>(
                    StatsFileWriter<NIProvStatsRow>.PathForThread(options.StatsFile, i + 1), NIProvStatsRow.Columns);
        }
        catch
        {
            Dispose();
            throw;
        }
        _sampler.Sample(); // start the CPU measurement window
        _lastCollect = _start;
    }

    /// <summary>
    /// One stats interval. The final call at shutdown (<paramref name="final"/>) takes what the threads counted since
    /// the last interval into the totals and the stats files, without a console line.
    /// </summary>
    public void Collect(bool final = false)
    {
        long now = Stopwatch.GetTimestamp();
        long runSeconds = (now - _start) / Stopwatch.Frequency;
        double intervalSeconds = (double)(now - _lastCollect) / Stopwatch.Frequency;
        _lastCollect = now;
        ResourceSample resources = _sampler.Sample();
        _resources.Add(resources);
        DateTime utc = DateTime.UtcNow;
        for (int i = 0; i < _threads.Count; i++)
        {
            PublishingStats stats = _threads[i];
            var row = new NIProvStatsRow(utc, stats.Images.TakeChange(), stats.Updates.TakeChange(), resources.CpuPercent,
                resources.MemoryMegabytes);
            long outOfBuffers = stats.OutOfBuffers.TakeChange();
            long messages = stats.MessagesWritten.TakeChange();
            long buffers = stats.BuffersWritten.TakeChange();
            _perThread[i].Images += row.Images;
            _perThread[i].Updates += row.Updates;
            _totalImages += row.Images;
            _statsFiles[i]?.WriteRow(row);
            if (_options.DisplayStats && !final)
                WriteConsole(i, runSeconds, intervalSeconds, row, outOfBuffers, messages, buffers);
        }
        _console.Flush();
    }

    /// <summary>The whole summary file: inputs, then (with several threads) each thread, then the overall totals.</summary>
    public string BuildSummary()
    {
        var inputs = new SummaryBuilder();
        NIProvInputsReport.Write(inputs, _options);
        return inputs.ToString() + BuildResults();
    }

    /// <summary>The results part of the summary, also printed on the console at the end.</summary>
    public string BuildResults()
    {
        var summary = new SummaryBuilder();
        if (_threads.Count > 1)
        {
            for (int i = 0; i < _perThread.Length; i++)
            {
                summary.Heading($"--- THREAD {i + 1} SUMMARY ---").Section("Overall Statistics:")
                    .Stat("Images sent", _perThread[i].Images)
                    .Stat("Updates sent", _perThread[i].Updates)
                    .Blank();
            }
        }
        summary.Heading("--- OVERALL SUMMARY ---").Section("Overall Statistics:")
            .Stat("Images sent", _perThread.Sum(t => t.Images))
            .Stat("Updates sent", _perThread.Sum(t => t.Updates));
        if (_resources.SampleCount > 0)
            summary.Resources(_resources);
        return summary.Blank().ToString();
    }

    private void WriteConsole(int thread, long runSeconds, double intervalSeconds, in NIProvStatsRow row, long outOfBuffers,
        long messages, long buffers)
    {
        string prefix = ProviderConsoleLines.Prefix(runSeconds, thread, _threads.Count);
        ProviderConsoleLines.UpdateRate(_console, prefix, row.Updates, intervalSeconds, row.CpuPercent, row.MemoryMegabytes);
        if (row.Images > 0)
            _console.Write(string.Create(Culture, $"  - Sent {row.Images} images (total: {_totalImages})\n"));
        ProviderConsoleLines.SendingTrouble(_console, outOfBuffers, messages, buffers, _options.Packing);
    }

    public void Dispose()
    {
        foreach (StatsFileWriter<NIProvStatsRow>? file in _statsFiles)
            file?.Dispose();
    }
}
