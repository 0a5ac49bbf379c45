using PerfTools.Common.Threading;
using Xunit;

namespace PerfTools.Tests.Common;

public sealed class ThreadingTests
{
    [Fact]
    public void Latency_records_cross_threads_in_order_without_loss()
    {
        var queue = new LatencyRecordQueue(1024);
        const int count = 50_000;
        using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        var producer = new Thread(() =>
        {
            for (int i = 0; i < count && !stop.IsCancellationRequested; i++)
            {
                while (!queue.TryEnqueue(i, i + 5) && !stop.IsCancellationRequested)
                    Thread.Yield();
            }
        });
        producer.Start();
        long expected = 0;
        while (expected < count && !stop.IsCancellationRequested)
        {
            if (queue.TryDequeue(out LatencyRecord record))
            {
                Assert.Equal(expected, record.SendTime);
                Assert.Equal(5, record.Latency);
                expected++;
            }
            else
            {
                Thread.Yield();
            }
        }
        stop.Cancel(); // releases the producer if the consumer gave up
        producer.Join();
        Assert.Equal(count, expected);
    }

    [Fact]
    public void A_full_queue_drops_and_counts_instead_of_blocking()
    {
        var queue = new LatencyRecordQueue(4);
        for (int i = 0; i < 4; i++)
            Assert.True(queue.TryEnqueue(i, i));
        Assert.False(queue.TryEnqueue(9, 9));
        Assert.Equal(1, queue.Dropped);
    }

    [Fact]
    public void Count_stat_reports_changes_since_the_last_collection()
    {
        var stat = new CountStat();
        var worker = new Thread(() => { for (int i = 0; i < 100_000; i++) stat.Increment(); });
        worker.Start();
        long collected = 0;
        while (!worker.Join(1))
            collected += stat.TakeChange();
        collected += stat.TakeChange();
        Assert.Equal(100_000, collected);
        Assert.Equal(0, stat.TakeChange());
    }

    [Fact]
    public void Pinning_to_an_existing_cpu_works_and_to_a_missing_one_is_a_warning()
    {
        string? warning = null;
        bool pinned = false;
        Thread thread = ToolThread.Start("pin-test", cpuId: 4000, () => pinned = true, w => warning = w, e => warning = "crashed: " + e);
        thread.Join();
        Assert.True(pinned);
        Assert.StartsWith("pin-test: warning: not pinned to CPU 4000: ", warning);

        if (OperatingSystem.IsLinux() || OperatingSystem.IsWindows())
        {
            bool ok = false;
            string? failure = "unset";
            // The lowest CPU this process may use (a container can exclude CPU 0).
            long allowed = (long)System.Diagnostics.Process.GetCurrentProcess().ProcessorAffinity;
            int cpu = System.Numerics.BitOperations.TrailingZeroCount(allowed);
            var t = new Thread(() => ok = CpuAffinity.TryPinCurrentThread(cpu, out failure));
            t.Start();
            t.Join();
            Assert.True(ok, failure);
        }
    }

    [Fact]
    public void Cpu_list_reads_ids_in_order()
    {
        Assert.True(ThreadCpuList.TryParse("1,3", out ThreadCpuList list, out _));
        Assert.Equal(2, list.Count);
        Assert.Equal(3, list.CpuIdOf(1));
        Assert.False(ThreadCpuList.TryParse("", out _, out _));
        Assert.False(ThreadCpuList.TryParse("-2", out _, out _));
    }
}
