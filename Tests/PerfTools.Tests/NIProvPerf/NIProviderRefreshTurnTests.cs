using System.Globalization;
using PerfTools.Common.Items;
using PerfTools.Common.Omm;
using PerfTools.NIProvPerf.Options;
using PerfTools.NIProvPerf.Threads;
using Xunit;

namespace PerfTools.Tests.NIProvPerf;

/// <summary>
/// NIProvPerf's provider thread follows <see cref="Common.Timing.RefreshTurn"/>: when its update bursts leave no spare
/// time in a tick, it still sends exactly one refresh burst per tick, so every image goes out at high update rates.
/// The thread is driven by hand on the test thread (the tick loop's calls, with no time left in any tick) over a real
/// connection to the test receiver; nothing depends on the clock.
/// </summary>
public sealed class NIProviderRefreshTurnTests
{
    private const int ItemCount = 12;
    private const int RefreshBurstSize = 3;

    [Fact]
    public void A_thread_with_no_spare_time_sends_one_refresh_burst_per_tick_until_every_image_is_out()
    {
        using var receiver = TestNIReceiver.Start();
        NIProvPerfOptions options = NIProvPerfCommandLine.Parse(["-h", "127.0.0.1", "-p", receiver.Port.ToString(CultureInfo.InvariantCulture),
            "-tickRate", "1000", "-updateRate", "100000", "-itemCount", ItemCount.ToString(CultureInfo.InvariantCulture),
            "-refreshBurstSize", RefreshBurstSize.ToString(CultureInfo.InvariantCulture)]).Options!;
        ItemSpec[] items = [.. Enumerable.Range(0, ItemCount).Select(i => new ItemSpec($"RDT{i}", ItemDomain.MarketPrice, false, false, false, i + 2))];
        string? failure = null;
        var thread = new NIProviderThread(0, options, new MarketPriceEncoder(Xml.MsgDataLoaderTests.RepoMsgData()), items,
            TextWriter.Null, reason => failure = reason);
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        try
        {
            Assert.True(thread.Connect(timeout.Token), failure);
            TestNIReceiver.Publisher hub = receiver.WaitForPublishers(1, TimeSpan.FromSeconds(30))[0];
            // Reading the hub's login answer publishes the service and opens the items; no image goes out with it.
            while (!thread.Publishing && failure is null && !timeout.IsCancellationRequested)
                thread.OnSpareTime(TimeSpan.Zero);
            Assert.True(thread.Publishing, failure ?? "the login was not accepted in time");
            Assert.Equal(0, thread.Stats.Images.Total);

            int ticks = ItemCount / RefreshBurstSize;
            for (int tick = 1; tick <= ticks; tick++)
            {
                thread.OnTick(tick);
                // The tick loop calls again while the tick is over: the updates took all of it.
                thread.OnSpareTime(TimeSpan.Zero);
                thread.OnSpareTime(TimeSpan.Zero);
                Assert.Null(failure);
                Assert.Equal(tick * RefreshBurstSize, thread.Stats.Images.Total);
            }

            hub.WaitUntil(p => p.RefreshCount == ItemCount, TimeSpan.FromSeconds(30), "every image");
            Assert.Empty(hub.Problems);
        }
        finally
        {
            thread.CloseConnection();
        }
    }
}
