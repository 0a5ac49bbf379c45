using System.Diagnostics;
using System.Globalization;
using PerfTools.Common.Output;
using PerfTools.Common.Resources;
using PerfTools.Common.Statistics;
using PerfTools.Common.Threading;
using PerfTools.ProvPerf.Options;
using PerfTools.ProvPerf.Threads;

namespace PerfTools.ProvPerf.Output;

/// <summary>
/// The main thread's periodic work (guide §5.7): every stats interval it samples CPU and memory, takes each
/// provider thread's counts since the previous interval, writes one line per thread to that thread's stats file
/// and, unless disabled, the console lines; at the end it builds the summary.
/// </summary>
internal sealed class ProvStatsCollector : IDisposable
{
    private static readonly CultureInfo Culture = CultureInfo.InvariantCulture;

    private readonly ProvPerfOptions _options;
    private readonly IReadOnlyList<ProviderThreadStats> _threads;
    private readonly TextWriter _console;
    private readonly ResourceSampler _sampler = new();
    private readonly ResourceStatistics _resources = new();
    private readonly ThreadTotals[] _perThread;
    private readonly ThreadTotals _all = new();
    private readonly StatsFileWriter<ProvStatsRow>[] _statsFiles;
    private readonly LatencyFileWriter?[] _latencyFiles;
    private readonly long _start = Stopwatch.GetTimestamp();
    private long _lastCollect;

    public ProvStatsCollector(ProvPerfOptions options, IReadOnlyList<ProviderThreadStats> threads, TextWriter console)
    {
        _options = options;
        _threads = threads;
        _console = console;
        _perThread = new ThreadTotals[threads.Count];
        _statsFiles = new StatsFileWriter<ProvStatsRow>[threads.Count];
        _latencyFiles = new LatencyFileWriter?[threads.Count];
        for (int i = 0; i < threads.Count; i++)
        {
            _perThread[i] = new ThreadTotals();
            _statsFiles[i] = new StatsFileWriter<ProvStatsRow>(
                StatsFileWriter<ProvStatsRow>.PathForThread(options.StatsFile, i + 1), ProvStatsRow.Columns);
            if (options.LatencyFile.Length > 0)
                _latencyFiles[i] = new LatencyFileWriter(LatencyFileWriter.PathForThread(options.LatencyFile, i + 1),
                    "Message type, Send time, Receive time, Latency (usec)");
        }
        _sampler.Sample(); // start the CPU measurement window
        _lastCollect = _start;
    }

    /// <summary>Totals over all threads so far.</summary>
    public ThreadTotals All => _all;

    /// <summary>
    /// One stats interval. The final call at shutdown (<paramref name="final"/>) takes what the threads counted
    /// since the last interval into the totals and the stats files, without a console line.
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
            ProviderThreadStats stats = _threads[i];
            ThreadTotals totals = _perThread[i];
            RunningStatistics interval = DrainGenMsgLatencies(stats.GenMsgLatencies, totals, _all, _latencyFiles[i]);
            var row = new ProvStatsRow(utc, stats.Requests.TakeChange(), stats.Images.TakeChange(), stats.Updates.TakeChange(),
                stats.PostsReflected.TakeChange(), stats.GenMsgsSent.TakeChange(), stats.GenMsgLatenciesSent.TakeChange(),
                stats.GenMsgsReceived.TakeChange(), interval, resources.CpuPercent, resources.MemoryMegabytes);
            long closes = stats.Closes.TakeChange();
            long outOfBuffers = stats.OutOfBuffers.TakeChange();
            long messages = stats.MessagesWritten.TakeChange();
            long buffers = stats.BuffersWritten.TakeChange();
            totals.Add(row, closes, outOfBuffers);
            _all.Add(row, closes, outOfBuffers);
            _statsFiles[i].WriteRow(row);
            List<long> roundTrips = DrainRoundTrips(stats.RoundTrips, totals, _all);
            if (_options.DisplayStats && !final)
                WriteConsole(i, runSeconds, intervalSeconds, row, totals, closes, outOfBuffers, messages, buffers, roundTrips);
        }
        _console.Flush();
    }

    /// <summary>The whole summary file: inputs, then (with several threads) each thread, then the overall totals.</summary>
    public string BuildSummary()
    {
        var inputs = new SummaryBuilder();
        ProvPerfInputsReport.Write(inputs, _options);
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
                summary.Heading($"--- THREAD {i + 1} SUMMARY ---").Section("Overall Statistics: ");
                WriteTotals(summary, _perThread[i]);
                summary.Blank();
            }
        }
        summary.Heading("--- OVERALL SUMMARY ---").Section("Overall Statistics: ");
        WriteTotals(summary, _all);
        if (_resources.SampleCount > 0)
            summary.Resources(_resources, "CPU/Memory Samples");
        return summary.ToString();
    }

    private void WriteTotals(SummaryBuilder summary, ThreadTotals totals)
    {
        RunningStatistics gen = totals.GenMsgLatency.Overall;
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
            summary.Stat("GenMsgs sent", totals.GenMsgsSent);
        if (totals.GenMsgsReceived > 0)
            summary.Stat("GenMsgs received", totals.GenMsgsReceived);
        if (_options.GenericMsgLatencyRate != 0)
            summary.Stat("GenMsg latencies sent", totals.GenMsgLatenciesSent);
        if (gen.Count > 0)
            summary.Stat("GenMsg latencies received", gen.Count);
        RunningStatistics rtt = totals.RoundTrip.Overall;
        if (rtt.Count > 0)
        {
            summary.Stat("Round trip latency avg (usec)", rtt.Mean, 1)
                .Stat("Round trip latency max (usec)", rtt.Max, 1)
                .Stat("Round trip latency min (usec)", rtt.Min, 1)
                .Stat("Round trip samples", rtt.Count);
        }
        summary.Stat("Image requests received", totals.Requests);
        if (_options.UpdateRate > 0)
            summary.Stat("Updates sent", totals.Updates);
        if (totals.PostsReflected > 0)
        {
            summary.Stat("Posts received", totals.PostsReflected)
                .Stat("Posts reflected", totals.PostsReflected);
        }
    }

    private void WriteConsole(int thread, long runSeconds, double intervalSeconds, in ProvStatsRow row, ThreadTotals totals,
        long closes, long outOfBuffers, long messages, long buffers, List<long> roundTrips)
    {
        string prefix = ProviderConsoleLines.Prefix(runSeconds, thread, _threads.Count);
        ProviderConsoleLines.UpdateRate(_console, prefix, row.Updates, intervalSeconds, row.CpuPercent, row.MemoryMegabytes);
        if (row.Requests > 0 || row.Images > 0)
            _console.Write(string.Create(Culture,
                $"  - Received {row.Requests} item requests (total: {totals.Requests}), sent {row.Images} images (total: {totals.Images})\n"));
        if (row.PostsReflected > 0)
            _console.Write(string.Create(Culture, $"  Posting: received {row.PostsReflected}, reflected {row.PostsReflected}\n"));
        if (row.GenMsgsSent > 0 || row.GenMsgsReceived > 0)
            _console.Write(string.Create(Culture,
                $"  GenMsgs: sent {row.GenMsgsSent}, received {row.GenMsgsReceived}, latencies sent {row.GenMsgLatenciesSent}, latencies received {row.GenMsgLatency.Count}\n"));
        if (row.GenMsgLatency.Count > 0)
            _console.Write(string.Create(Culture,
                $"  GenMsgLat(usec): Avg: {row.GenMsgLatency.Mean:0.000}, StdDev: {row.GenMsgLatency.StandardDeviation:0.000}, Max: {row.GenMsgLatency.Max:0.000}, Min: {row.GenMsgLatency.Min:0.000}, Msgs: {row.GenMsgLatency.Count}\n"));
        foreach (long rtt in roundTrips)
            _console.Write(string.Create(Culture, $"  Round trip latency (RTT): {rtt} usec\n"));
        if (closes > 0)
            _console.Write(string.Create(Culture, $"  - Received {closes} closes.\n"));
        ProviderConsoleLines.SendingTrouble(_console, outOfBuffers, messages, buffers, _options.Packing);
    }

    private static RunningStatistics DrainGenMsgLatencies(LatencyRecordQueue queue, ThreadTotals totals, ThreadTotals all,
        LatencyFileWriter? file)
    {
        while (queue.TryDequeue(out LatencyRecord record))
        {
            totals.GenMsgLatency.Record(record.Latency);
            all.GenMsgLatency.Record(record.Latency);
            file?.WriteSample("Gen", record.SendTime, record.ReceiveTime, record.Latency);
        }
        file?.Flush();
        return totals.GenMsgLatency.TakeInterval();
    }

    private static List<long> DrainRoundTrips(LatencyRecordQueue queue, ThreadTotals totals, ThreadTotals all)
    {
        var samples = new List<long>();
        while (queue.TryDequeue(out LatencyRecord record))
        {
            totals.RoundTrip.Record(record.Latency);
            all.RoundTrip.Record(record.Latency);
            samples.Add(record.Latency);
        }
        return samples;
    }

    public void Dispose()
    {
        foreach (StatsFileWriter<ProvStatsRow> file in _statsFiles)
            file.Dispose();
        foreach (LatencyFileWriter? file in _latencyFiles)
            file?.Dispose();
    }
}
