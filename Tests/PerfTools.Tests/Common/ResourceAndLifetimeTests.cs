using System.Diagnostics;
using PerfTools.Common.Lifetime;
using PerfTools.Common.Resources;
using Xunit;

namespace PerfTools.Tests.Common;

public sealed class ResourceAndLifetimeTests
{
    [Fact]
    public void Cpu_percent_follows_the_guides_formula()
    {
        // 500 ms of CPU over 1 s of wall time on 2 cores = 25 %.
        Assert.Equal(25.0, ResourceSampler.CpuPercent(500, 1000, 2), 9);
        Assert.Equal(0.0, ResourceSampler.CpuPercent(500, 0, 2));
    }

    [Fact]
    public void Sampler_measures_busy_work_then_an_idle_interval()
    {
        // Wall time comes from a hand-driven clock and counts one core, so the CPU figure depends only on the
        // process CPU time the sampler reads, never on how loaded the machine is.
        var clock = new FakeTimeSource();
        var sampler = new ResourceSampler(clock, cores: 1);
        TimeSpan start = CpuTime();
        var realTime = Stopwatch.StartNew();
        while (CpuTime() - start < BusyWork)
        {
            // spin: burn this thread's CPU
        }
        realTime.Stop();
        clock.Advance((long)BusyWork.TotalNanoseconds);

        ResourceSample busy = sampler.Sample();
        // At least the spin itself: 100 % of one core over the fake interval. At most what every core could have
        // burnt in the real time the spin took (plus the OS's CPU-time granularity).
        double most = 100.0 * (Environment.ProcessorCount * realTime.Elapsed.TotalMilliseconds + 20) / BusyWork.TotalMilliseconds;
        Assert.InRange(busy.CpuPercent, 100.0, most);

        clock.Advance(TimeSpan.FromSeconds(1).Ticks * 100);
        ResourceSample idle = sampler.Sample(); // the busy interval is no longer counted
        Assert.InRange(idle.CpuPercent, 0.0, 10.0);
    }

    private static readonly TimeSpan BusyWork = TimeSpan.FromMilliseconds(300);

    private static double PeakMegabytes()
    {
        using Process self = Process.GetCurrentProcess();
        return self.PeakWorkingSet64 / (1024.0 * 1024.0);
    }

    private static TimeSpan CpuTime()
    {
        using Process self = Process.GetCurrentProcess();
        return self.TotalProcessorTime;
    }

    [Fact]
    public void Sampler_reports_peak_memory_in_megabytes()
    {
        var sampler = new ResourceSampler();
        double before = PeakMegabytes();
        ResourceSample sample = sampler.Sample();
        Assert.InRange(sample.MemoryMegabytes, before, PeakMegabytes()); // the peak only grows
        var stats = new ResourceStatistics();
        stats.Add(sample);
        stats.Add(new ResourceSample(10, 20));
        Assert.Equal(2, stats.SampleCount);
        Assert.Equal(Math.Max(10, sample.CpuPercent), stats.Cpu.Max);
        Assert.Equal(Math.Min(20, sample.MemoryMegabytes), stats.Memory.Min);
    }

    [Fact]
    public void The_first_shutdown_reason_is_kept()
    {
        using var signal = new ShutdownSignal(runTime: null, handleSignals: false);
        Assert.False(signal.IsRequested);
        signal.Request(ShutdownReason.PeerDisconnected);
        signal.Request(ShutdownReason.Interrupted);
        Assert.True(signal.Token.IsCancellationRequested);
        Assert.Equal(ShutdownReason.PeerDisconnected, signal.Reason);
    }

    [Fact]
    public void Run_time_expiry_and_outside_cancellation_end_the_run()
    {
        using (var signal = new ShutdownSignal(TimeSpan.FromMilliseconds(1), handleSignals: false))
        {
            Assert.True(signal.Token.WaitHandle.WaitOne(TimeSpan.FromSeconds(10)));
            Assert.Equal(ShutdownReason.RunTimeExpired, signal.Reason);
        }
        using var outside = new CancellationTokenSource();
        using var second = new ShutdownSignal(TimeSpan.FromHours(1), outside.Token, handleSignals: true);
        outside.Cancel();
        Assert.True(second.IsRequested);
        Assert.Equal(ShutdownReason.Interrupted, second.Reason);
    }
}
