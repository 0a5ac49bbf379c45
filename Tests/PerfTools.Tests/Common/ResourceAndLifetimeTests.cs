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
    public void Sampler_reports_peak_memory_in_megabytes()
    {
        var sampler = new ResourceSampler();
        ResourceSample sample = sampler.Sample();
        Assert.InRange(sample.MemoryMegabytes, 1, 100_000);
        Assert.True(sample.CpuPercent >= 0); // over a tiny interval the OS's CPU-time granularity makes the percentage noisy
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
