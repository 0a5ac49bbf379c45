using PerfTools.ProvPerf.Network;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>ProvPerf's accepting thread runs at a lower priority than its provider threads: its own, not the process's.</summary>
public sealed class AcceptingThreadPriorityTests
{
    [Fact]
    public void Lowers_the_calling_thread_alone_by_ten_nice_levels()
    {
        if (!OperatingSystem.IsLinux())
            Assert.Skip("nice values per thread are Linux's");
        int? testThreadBefore = AcceptingThreadPriority.CurrentNice();
        int? before = null, during = null;
        bool isLowered = false;
        using var lowered = new ManualResetEventSlim();
        using var looked = new ManualResetEventSlim();
        var thread = new Thread(() =>
        {
            before = AcceptingThreadPriority.CurrentNice();
            using (AcceptingThreadPriority priority = AcceptingThreadPriority.Lower())
            {
                isLowered = priority.IsLowered;
                during = AcceptingThreadPriority.CurrentNice();
                lowered.Set();
                looked.Wait();
            }
        });
        thread.Start();
        lowered.Wait(TestContext.Current.CancellationToken);
        int? testThreadDuring = AcceptingThreadPriority.CurrentNice();
        looked.Set();
        thread.Join();

        Assert.True(isLowered);
        Assert.NotNull(before);
        Assert.Equal(Math.Min(19, before.Value + AcceptingThreadPriority.NiceIncrease), during);
        Assert.Equal(testThreadBefore, testThreadDuring); // the other threads (the provider threads) keep theirs
    }
}
