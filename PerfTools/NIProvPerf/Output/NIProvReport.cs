using PerfTools.Common.Output;
using PerfTools.Common.Provider;
using PerfTools.Common.Statistics;
using PerfTools.NIProvPerf.Options;
using PerfTools.NIProvPerf.Statistics;

namespace PerfTools.NIProvPerf.Output;

/// <summary>
/// NIProvPerf's console lines every stats interval (guide §6.7.3) and its summary (§6.7.1), from the common
/// collector's figures. The interval lines allocate nothing.
/// </summary>
internal sealed class NIProvReport
{
    private readonly NIProvPerfOptions _options;
    private readonly StatsCollector<PublishingStats> _collector;
    private readonly ProviderConsoleLines _console;

    public NIProvReport(NIProvPerfOptions options, StatsCollector<PublishingStats> collector, TextWriter console)
    {
        _options = options;
        _collector = collector;
        _console = new ProviderConsoleLines(console);
        collector.OutputFailed = failure => console.WriteLine($"{NIProvPerfCommandLine.ToolName}: warning: cannot write {failure}.");
    }

    /// <summary>
    /// One stats interval. The final call at shutdown (<paramref name="final"/>) takes what the threads counted since
    /// the last interval into the totals and the stats files, without a console line.
    /// </summary>
    public void Collect(bool final = false)
    {
        _collector.Collect();
        if (!_options.DisplayStats || final)
            return;
        IntervalFigures all = _collector.AllThreads;
        // "total" counts every thread's images up to the previous interval and this interval's up to this thread.
        long totalImages = all.Total((int)NIProvCounter.Images) - all.Count((int)NIProvCounter.Images);
        for (int i = 0; i < _collector.ThreadCount; i++)
        {
            IntervalFigures f = _collector.Thread(i);
            long images = f.Count((int)NIProvCounter.Images);
            totalImages += images;
            _console.Prefix((long)f.ElapsedSeconds, i, _collector.ThreadCount);
            _console.UpdateRate(f.Count((int)NIProvCounter.Updates), f.Seconds, f.Resources.CpuPercent, f.Resources.MemoryMegabytes);
            if (images > 0)
                _console.Lines.Write(_console.Console, $"  - Sent {images} images (total: {totalImages})\n");
            _console.SendingTrouble(f.Count((int)NIProvCounter.OutOfBuffers), f.Count((int)NIProvCounter.UpdatesBehindSchedule), f.Count((int)NIProvCounter.MessagesWritten),
                f.Count((int)NIProvCounter.BuffersWritten), _options.Packing);
        }
        _console.Console.Flush();
    }

    /// <summary>
    /// The whole summary file: the inputs, then <paramref name="results"/> as the console showed them (built once, so
    /// the CPU time, which runs on, is the same figure in both).
    /// </summary>
    public string BuildSummary(string results)
    {
        var inputs = new SummaryBuilder();
        NIProvInputsReport.Write(inputs, _options);
        return inputs.ToString() + results;
    }

    /// <summary>The results part of the summary, also printed on the console at the end.</summary>
    public string BuildResults()
    {
        var summary = new SummaryBuilder();
        if (_collector.ThreadCount > 1)
        {
            for (int i = 0; i < _collector.ThreadCount; i++)
            {
                summary.Heading($"--- THREAD {i + 1} SUMMARY ---").Section("Overall Statistics:")
                    .Stat("Images sent", _collector.Thread(i).Total((int)NIProvCounter.Images))
                    .Stat("Updates sent", _collector.Thread(i).Total((int)NIProvCounter.Updates))
                    .Blank();
            }
        }
        long updates = _collector.AllThreads.Total((int)NIProvCounter.Updates);
        summary.Heading("--- OVERALL SUMMARY ---").Section("Overall Statistics:")
            .Stat("Images sent", _collector.AllThreads.Total((int)NIProvCounter.Images))
            .Stat("Updates sent", updates);
        if (_collector.Resources.SampleCount > 0)
            summary.Resources(_collector.Resources);
        summary.CpuPerMessage("CPU time per update sent (nsec)", _collector.CpuTime, updates);
        summary.Unwritten(_collector.OutputFailures);
        return summary.Blank().ToString();
    }
}
