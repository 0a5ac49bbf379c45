using PerfTools.Common.Output;
using PerfTools.Common.Resources;
using PerfTools.Common.Statistics;
using PerfTools.Common.Threading;
using PerfTools.Tests.Common;
using Xunit;

namespace PerfTools.Tests.Statistics;

public sealed class StatsCollectorTests : IDisposable
{
    private sealed class Worker
    {
        public CountStat Sent { get; } = new();
        public LatencyRecordQueue Latency { get; } = new(1 << 8);
        public LatencyRecordQueue Hidden { get; } = new(1 << 8);
    }

    private static readonly StatsLayout<Worker> Layout = new(
        counters: [w => w.Sent.Total],
        latencies: [new(w => w.Latency, FileTag: "Upd"), new(w => w.Hidden, Logged: false)],
        columns:
        [
            StatsColumn.Count("Sent", 0),
            StatsColumn.Rate("Rate", 0, "0.0"),
            StatsColumn.Text("Zero", "0"),
            StatsColumn.Latency("Count", 0, LatencyField.Count),
            StatsColumn.Latency("Avg", 0, LatencyField.Mean, "0.00"),
            StatsColumn.Latency("Max (ms)", 0, LatencyField.Max, "0.000", divisor: 1000),
        ]);

    private readonly TempFolder _dir = new("collector-");

    public void Dispose() => _dir.Dispose();

    private StatsCollector<Worker> Collector(Worker[] workers, FakeTimeSource clock) => new(Layout, workers,
        new StatsOutput(n => _dir.File($"Stats{n}.csv"), n => _dir.File($"Lat{n}.csv")), clock);

    /// <summary>A file that takes <paramref name="capacity"/> bytes, then fails every write as a full disk does.</summary>
    private sealed class FillingStream(int capacity) : MemoryStream
    {
        public override void Write(byte[] buffer, int offset, int count)
        {
            if (Length + count > capacity)
                throw new IOException("No space left on device");
            base.Write(buffer, offset, count);
        }

        // MemoryStream's span overload calls back into the array one in a derived type, so both go through the check.
        public override void Write(ReadOnlySpan<byte> buffer) => Write(buffer.ToArray(), 0, buffer.Length);
    }

    [Fact]
    public void A_file_that_fills_up_mid_run_is_reported_once_and_the_run_goes_on_counting()
    {
        Worker[] workers = [new()];
        var clock = new FakeTimeSource();
        var reported = new List<string>();
        string stats = _dir.File("Stats1.csv"), latency = _dir.File("Lat1.csv");
        var output = new StatsOutput(_ => stats, _ => latency, OpenFile: path => new FillingStream(path == stats ? 150 : 200));
        using (var collector = new StatsCollector<Worker>(Layout, workers, output, clock) { OutputFailed = reported.Add })
        {
            for (int interval = 0; interval < 5; interval++)
            {
                workers[0].Sent.Add(10);
                for (int batch = 0; batch < 20; batch++)
                {
                    for (int i = 0; i < 250; i++)
                        Assert.True(workers[0].Latency.TryEnqueue(100, 300 + i));
                    collector.DrainLatencies();
                }
                clock.Advance(1_000_000_000);
                collector.Collect(); // neither file throws, however full
            }

            Assert.Equal(50, collector.AllThreads.Total(0));
            Assert.Equal(25_000, collector.Latency(0, 0).Overall.Count);
            Assert.Equal(2, reported.Count);
            Assert.Contains(reported, r => r.StartsWith($"{stats}: No space left on device; nothing after that", StringComparison.Ordinal));
            Assert.Contains(reported, r => r.StartsWith($"{latency}: No space left on device", StringComparison.Ordinal));
            Assert.Equal(reported, collector.OutputFailures);
            Assert.Equal("  Output not written in full: " + reported[0] + "\n",
                new SummaryBuilder().Unwritten(collector.OutputFailures.Take(1).ToList()).ToString());
        }
    }

    [Fact]
    public void Each_interval_takes_every_counters_growth_per_thread_and_in_total_and_writes_the_rows()
    {
        Worker[] workers = [new(), new()];
        var clock = new FakeTimeSource();
        using (StatsCollector<Worker> collector = Collector(workers, clock))
        {
            workers[0].Sent.Add(10);
            workers[1].Sent.Add(30);
            workers[0].Latency.TryEnqueue(100, 300);
            workers[0].Latency.TryEnqueue(100, 500);
            clock.Advance(2_000_000_000);
            collector.Collect();
            Assert.Equal(10, collector.Thread(0).Count(0));
            Assert.Equal(40, collector.AllThreads.Count(0));
            Assert.Equal(2.0, collector.Thread(0).Seconds, 9);

            workers[0].Sent.Add(5);
            workers[1].Hidden.TryEnqueue(0, 7);
            clock.Advance(1_000_000_000);
            collector.Collect();
            Assert.Equal(5, collector.Thread(0).Count(0));
            Assert.Equal(15, collector.Thread(0).Total(0));
            Assert.Equal(45, collector.AllThreads.Total(0));
            Assert.Equal(0, collector.Thread(0).Latency(0).Count);
            Assert.Equal(2, collector.Latency(0, 0).Overall.Count);
            Assert.Equal(1, collector.AllLatency(1).Overall.Count);
            Assert.Equal(3.0, collector.Thread(1).ElapsedSeconds, 9);
            Assert.Equal(2, collector.Resources.SampleCount);
        }

        // After the layout's columns, the file adds each interval's real length (2 s, then 1 s).
        Assert.Equal(["Sent, Rate, Zero, Count, Avg, Max (ms), Interval (sec)", "10, 5.0, 0, 2, 300.00, 0.400, 2.000", "5, 5.0, 0, 0, 0.00, 0.000, 1.000"],
            File.ReadAllLines(_dir.File("Stats1.csv")));
        Assert.Equal(["30, 15.0, 0, 0, 0.00, 0.000, 2.000", "0, 0.0, 0, 0, 0.00, 0.000, 1.000"], File.ReadAllLines(_dir.File("Stats2.csv")).Skip(1));
        Assert.Equal(["Message type, Send time, Receive time, Latency (usec)", "Upd, 100, 300, 200", "Upd, 100, 500, 400"],
            File.ReadAllLines(_dir.File("Lat1.csv")));
        // The unlogged stream is counted but kept out of the file.
        Assert.Equal(["Message type, Send time, Receive time, Latency (usec)"], File.ReadAllLines(_dir.File("Lat2.csv")));
    }

    private sealed class Recorder : ILatencyObserver
    {
        public List<(int Thread, int Stream, long Latency)> Seen { get; } = [];

        public void OnLatency(int thread, int stream, in LatencyRecord record) => Seen.Add((thread, stream, record.Latency));
    }

    [Fact]
    public void The_observer_sees_each_sample_once_with_its_thread_and_stream()
    {
        Worker[] workers = [new(), new()];
        var recorder = new Recorder();
        using StatsCollector<Worker> collector = Collector(workers, new FakeTimeSource());
        collector.Observer = recorder;
        workers[1].Latency.TryEnqueue(10, 15);
        workers[0].Hidden.TryEnqueue(10, 12);
        collector.DrainLatencies();
        collector.DrainLatencies();
        Assert.Equal([(0, 1, 2L), (1, 0, 5L)], recorder.Seen);
    }

    [Fact]
    public void A_stats_file_that_cannot_be_created_closes_the_ones_already_open()
    {
        Worker[] workers = [new(), new()];
        string first = _dir.File("ok1.csv");
        Assert.Throws<DirectoryNotFoundException>(() => new StatsCollector<Worker>(Layout, workers,
            new StatsOutput(n => n == 1 ? first : _dir.File("missing", "x.csv"))));
        File.Delete(first); // would fail on Windows, and leaks a handle everywhere, if the first file were still open
        Assert.False(File.Exists(first));
    }

    [Fact]
    public void Peak_memory_is_read_from_the_VmHWM_line_and_matches_the_process_figure()
    {
        ReadOnlySpan<byte> status = "Name:\tx\nVmPeak:\t  999 kB\nVmHWM:\t   12345 kB\nVmRSS:\t 1 kB\n"u8;
        Assert.True(PeakMemoryReader.TryParseKilobytes(status, "VmHWM:"u8, out long kilobytes));
        Assert.Equal(12345, kilobytes);
        Assert.False(PeakMemoryReader.TryParseKilobytes("VmRSS:\t1 kB\n"u8, "VmHWM:"u8, out _));
        Assert.False(PeakMemoryReader.TryParseKilobytes("XVmHWM:\t1 kB\n"u8, "VmHWM:"u8, out _));

        long read = new PeakMemoryReader().PeakBytes();
        using var self = System.Diagnostics.Process.GetCurrentProcess();
        long expected = self.PeakWorkingSet64;
        // The peak only grows, between the two reads by at most what the test allocated since.
        Assert.InRange(read, expected - (64 << 20), expected + (64 << 20));
        Assert.True(read > 1 << 20);
    }
}
