using Eta.TestSupport;
using PerfTools.Common.Output;
using PerfTools.Common.Provider;
using PerfTools.Common.Resources;
using PerfTools.Common.Statistics;
using PerfTools.ConsPerf.Output;
using PerfTools.ConsPerf.Statistics;
using PerfTools.NIProvPerf.Options;
using PerfTools.NIProvPerf.Output;
using PerfTools.NIProvPerf.Statistics;
using PerfTools.ProvPerf.Options;
using PerfTools.ProvPerf.Output;
using PerfTools.ProvPerf.Statistics;
using PerfTools.ProvPerf.Threads;
using PerfTools.TransportPerf.Options;
using PerfTools.TransportPerf.Output;
using PerfTools.TransportPerf.Statistics;
using Xunit;

namespace PerfTools.Tests.Statistics;

/// <summary>
/// The periodic paths of every tool allocate nothing in steady state (issue 13's soak: no gen0 collection in hours):
/// each run is one stats interval as the tool does it, with real stats and latency files and the console lines
/// (written to a stream that discards them), after the worker side has counted and queued a few hundred samples.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class StatisticsAllocationTests : IDisposable
{
    private const int SamplesPerInterval = 300;

    private readonly TempFolder _dir = new("stats-alloc-");
    private readonly StreamWriter _console = new(Stream.Null) { AutoFlush = false };

    public void Dispose()
    {
        _console.Dispose();
        _dir.Dispose();
    }

    [Fact]
    public void Resource_sampler_allocates_nothing()
    {
        var sampler = new ResourceSampler();
        var stats = new ResourceStatistics();
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 100; i++)
                stats.Add(sampler.Sample());
        });
        Assert.True(stats.Memory.Max > 1, "the peak working set was read");
    }

    [Fact]
    public void ConsPerf_interval_allocates_nothing()
    {
        ConsumerThreadStats[] threads = [new(1, 10), new(2, 10)];
        using var statistics = new ConsumerStatistics(threads, 0, new StatsOutput(
            n => StatsFile.PathForThread(_dir.File("ConsStats"), n), n => LatencyFileWriter.PathForThread(_dir.File("ConsLat"), n)));
        var report = new ConsoleReport(_console);
        long now = 1_000_000;
        AllocationAssert.None(() =>
        {
            foreach (ConsumerThreadStats t in threads)
            {
                for (int i = 0; i < SamplesPerInterval; i++)
                {
                    t.CountUpdate(now);
                    t.RecordLatency((LatencyKind)(i % 3), now - 50 - i, now);
                    t.PostsSent.Increment();
                    t.GenMsgsSent.Increment();
                    t.GenMsgsReceived.Increment();
                }
                t.PostsOutOfBuffers.Increment();
                t.StatusMsgsReceived.Increment();
            }
            now += 1_000_000;
            statistics.Drain();
            statistics.Collector.Collect();
            for (int i = 0; i < threads.Length; i++)
                report.WriteInterval((long)statistics.Collector.Thread(i).ElapsedSeconds, i + 1, statistics.Collector.Thread(i));
        });
        Assert.True(statistics.Collector.AllThreads.Total((int)ConsCounter.Updates) > 0);
    }

    [Fact]
    public void ProvPerf_interval_allocates_nothing()
    {
        ProvPerfOptions options = ProvPerfCommandLine.Parse(["-threads", "2", "-maxPackCount", "10"]).Options!;
        ProviderThreadStats[] threads = [new(), new()];
        using var collector = new StatsCollector<ProviderThreadStats>(ProvStatistics.Layout, threads, new StatsOutput(
            n => StatsFile.PathForThread(_dir.File("ProvStats"), n), n => LatencyFileWriter.PathForThread(_dir.File("ProvLat"), n)));
        var report = new ProvReport(options, collector, _console);
        AllocationAssert.None(() =>
        {
            foreach (ProviderThreadStats t in threads)
            {
                for (int i = 0; i < SamplesPerInterval; i++)
                {
                    t.Updates.Increment();
                    t.GenMsgsSent.Increment();
                    t.GenMsgsReceived.Increment();
                    t.PostsReflected.Increment();
                    t.GenMsgLatencies.TryEnqueue(1000, 1040 + i);
                }
                t.Requests.Increment();
                t.Images.Increment();
                t.Closes.Increment();
                t.OutOfBuffers.Increment();
                t.MessagesWritten.Add(30);
                t.BuffersWritten.Add(3);
                t.RoundTrips.TryEnqueue(1000, 1500);
            }
            report.Collect();
        });
        Assert.True(collector.AllThreads.Total((int)ProvCounter.Updates) > 0);
    }

    [Fact]
    public void NIProvPerf_interval_allocates_nothing()
    {
        NIProvPerfOptions options = NIProvPerfCommandLine.Parse(["-threads", "2"]).Options!;
        PublishingStats[] threads = [new(), new()];
        using var collector = new StatsCollector<PublishingStats>(NIProvStatistics.Layout, threads,
            new StatsOutput(n => StatsFile.PathForThread(_dir.File("NIProvStats"), n)));
        var report = new NIProvReport(options, collector, _console);
        AllocationAssert.None(() =>
        {
            foreach (PublishingStats t in threads)
            {
                t.Updates.Add(SamplesPerInterval);
                t.Images.Increment();
                t.OutOfBuffers.Increment();
            }
            report.Collect();
        });
        Assert.True(collector.AllThreads.Total((int)NIProvCounter.Updates) > 0);
    }

    [Fact]
    public void TransportPerf_interval_allocates_nothing()
    {
        TransportPerfOptions options = TransportPerfCommandLine.Parse(["-appType", "client"]).Options!;
        TransportThreadStats[] threads = [new(1), new(2)];
        using var collector = new StatsCollector<TransportThreadStats>(TransportStatistics.Layout, threads, new StatsOutput(
            n => StatsFile.PathForThread(_dir.File("TransportStats"), n), n => LatencyFileWriter.PathForThread(_dir.File("TLat"), n),
            "Send Time, Receive Time, Latency(nsec)", TransportStatistics.NanosecondsPerMicrosecond));
        var report = new TransportReport(options, collector, threads, _console);
        AllocationAssert.None(() =>
        {
            foreach (TransportThreadStats t in threads)
            {
                for (int i = 0; i < SamplesPerInterval; i++)
                {
                    t.MsgsSent.Increment();
                    t.BytesSent.Add(79);
                    t.MsgsReceived.Increment();
                    t.BytesReceived.Add(76);
                    t.Latencies.TryEnqueue(1000, 21000 + i);
                }
                t.SequenceErrors.Increment();
                t.OutOfBuffers.Increment();
            }
            report.DrainLatencies();
            report.WriteInterval();
        });
        Assert.True(collector.AllThreads.Total((int)TransportCounter.MsgsSent) > 0);
    }
}
