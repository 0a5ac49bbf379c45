using PerfTools.Common.Output;
using PerfTools.Common.Statistics;
using PerfTools.ProvPerf.Options;
using PerfTools.ProvPerf.Statistics;
using PerfTools.ProvPerf.Threads;

namespace PerfTools.ProvPerf.Output;

/// <summary>
/// ProvPerf's console lines every stats interval (guide §5.7.3) and its summary (§5.7.1), from the common collector's
/// figures. The interval lines allocate nothing.
/// </summary>
internal sealed class ProvReport
{
    private readonly ProvPerfOptions _options;
    private readonly StatsCollector<ProviderThreadStats> _collector;
    private readonly ProviderConsoleLines _console;
    private readonly RoundTripLog _roundTrips;

    public ProvReport(ProvPerfOptions options, StatsCollector<ProviderThreadStats> collector, TextWriter console)
    {
        _options = options;
        _collector = collector;
        _console = new ProviderConsoleLines(console);
        _roundTrips = new RoundTripLog(collector.ThreadCount);
        collector.Observer = _roundTrips;
        collector.OutputFailed = failure => _console.Console.WriteLine($"{ProvPerfCommandLine.ToolName}: warning: cannot write {failure}.");
    }

    /// <summary>
    /// One stats interval. The final call at shutdown (<paramref name="final"/>) takes what the threads counted
    /// since the last interval into the totals and the stats files, without a console line.
    /// </summary>
    public void Collect(bool final = false)
    {
        _collector.Collect();
        for (int i = 0; i < _collector.ThreadCount; i++)
        {
            if (_options.DisplayStats && !final)
                WriteConsole(i, _collector.Thread(i));
            _roundTrips.Clear(i);
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
        ProvPerfInputsReport.Write(inputs, _options);
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
                summary.Heading($"--- THREAD {i + 1} SUMMARY ---").Section("Overall Statistics: ");
                WriteTotals(summary, _collector.Thread(i), _collector.Latency(i, (int)ProvLatency.GenMsg),
                    _collector.Latency(i, (int)ProvLatency.RoundTrip));
                summary.Blank();
            }
        }
        summary.Heading("--- OVERALL SUMMARY ---").Section("Overall Statistics: ");
        WriteTotals(summary, _collector.AllThreads, _collector.AllLatency((int)ProvLatency.GenMsg),
            _collector.AllLatency((int)ProvLatency.RoundTrip));
        if (_collector.Resources.SampleCount > 0)
            summary.Resources(_collector.Resources, "CPU/Memory Samples");
        summary.CpuPerMessage("CPU time per update sent (nsec)", _collector.CpuTime,
            _collector.AllThreads.Total((int)ProvCounter.Updates));
        summary.Unwritten(_collector.OutputFailures);
        return summary.ToString();
    }

    private void WriteTotals(SummaryBuilder summary, IntervalFigures totals, LatencyAccumulator genMsgs, LatencyAccumulator roundTrips)
    {
        RunningStatistics gen = genMsgs.Overall;
        if (gen.Count > 0)
        {
            summary.Stat("GenMsg latency avg (usec)", gen.Mean, 1)
                .Stat("GenMsg latency std dev (usec)", gen.StandardDeviation, 1)
                .Stat("GenMsg latency max (usec)", gen.Max, 1)
                .Stat("GenMsg latency min (usec)", gen.Min, 1);
        }
        else
        {
            summary.Note("No GenMsg latency information was received.");
        }
        if (_options.GenericMsgRate > 0)
            summary.Stat("GenMsgs sent", totals.Total((int)ProvCounter.GenMsgsSent));
        if (totals.Total((int)ProvCounter.GenMsgsReceived) > 0)
            summary.Stat("GenMsgs received", totals.Total((int)ProvCounter.GenMsgsReceived));
        if (_options.GenericMsgLatencyRate != 0)
            summary.Stat("GenMsg latencies sent", totals.Total((int)ProvCounter.GenMsgLatenciesSent));
        if (gen.Count > 0)
            summary.Stat("GenMsg latencies received", gen.Count);
        RunningStatistics rtt = roundTrips.Overall;
        if (rtt.Count > 0)
        {
            summary.Stat("Round trip latency avg (usec)", rtt.Mean, 1)
                .Stat("Round trip latency max (usec)", rtt.Max, 1)
                .Stat("Round trip latency min (usec)", rtt.Min, 1)
                .Stat("Round trip samples", rtt.Count);
        }
        summary.Stat("Image requests received", totals.Total((int)ProvCounter.Requests));
        if (_options.UpdateRate > 0)
            summary.Stat("Updates sent", totals.Total((int)ProvCounter.Updates));
        long posts = totals.Total((int)ProvCounter.PostsReflected);
        if (posts > 0)
        {
            summary.Stat("Posts received", posts)
                .Stat("Posts reflected", posts);
        }
    }

    private void WriteConsole(int thread, IntervalFigures f)
    {
        TextWriter console = _console.Console;
        TextLines lines = _console.Lines;
        long requests = f.Count((int)ProvCounter.Requests), images = f.Count((int)ProvCounter.Images);
        long posts = f.Count((int)ProvCounter.PostsReflected);
        long genSent = f.Count((int)ProvCounter.GenMsgsSent), genReceived = f.Count((int)ProvCounter.GenMsgsReceived);
        RunningStatistics gen = f.Latency((int)ProvLatency.GenMsg);
        _console.Prefix((long)f.ElapsedSeconds, thread, _collector.ThreadCount);
        _console.UpdateRate(f.Count((int)ProvCounter.Updates), f.Seconds, f.Resources.CpuPercent, f.Resources.MemoryMegabytes);
        if (requests > 0 || images > 0)
            lines.Write(console, $"  - Received {requests} item requests (total: {f.Total((int)ProvCounter.Requests)}), sent {images} images (total: {f.Total((int)ProvCounter.Images)})\n");
        if (posts > 0)
            lines.Write(console, $"  Posting: received {posts}, reflected {posts}\n");
        if (genSent > 0 || genReceived > 0)
            lines.Write(console, $"  GenMsgs: sent {genSent}, received {genReceived}, latencies sent {f.Count((int)ProvCounter.GenMsgLatenciesSent)}, latencies received {gen.Count}\n");
        if (gen.Count > 0)
            lines.Write(console, $"  GenMsgLat(usec): Avg: {gen.Mean:0.000}, StdDev: {gen.StandardDeviation:0.000}, Max: {gen.Max:0.000}, Min: {gen.Min:0.000}, Msgs: {gen.Count}\n");
        foreach (long rtt in _roundTrips.Of(thread))
            lines.Write(console, $"  Round trip latency (RTT): {rtt} usec\n");
        long closes = f.Count((int)ProvCounter.Closes);
        if (closes > 0)
            lines.Write(console, $"  - Received {closes} closes.\n");
        _console.SendingTrouble(f.Count((int)ProvCounter.OutOfBuffers), f.Count((int)ProvCounter.UpdatesBehindSchedule), f.Count((int)ProvCounter.MessagesWritten),
            f.Count((int)ProvCounter.BuffersWritten), _options.Packing);
    }
}
