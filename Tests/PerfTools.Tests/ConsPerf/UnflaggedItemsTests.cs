using Xunit;

namespace PerfTools.Tests.ConsPerf;

/// <summary>
/// <c>-postingRate</c> or <c>-genericMsgRate</c> when no item of a thread's share is flagged for it: the thread sends
/// none and says so, in the form every tool's warnings take ("ConsPerf: warning: ..."), in direct and reactor mode
/// alike, and the run goes on.
/// </summary>
[Collection(EndToEndCollection.Name)]
public sealed class UnflaggedItemsTests
{
    [Theory]
    [InlineData("direct")]
    [InlineData("-reactor")]
    public async Task Rates_for_posts_and_generic_messages_without_flagged_items_are_warned_and_the_run_completes(string mode)
    {
        await using var run = new LoopbackRun(TimeSpan.FromSeconds(45));
        string items = run.WriteItemList(20);
        await run.StartProviderAsync(0, "-updateRate", "1000");
        string[] path = mode == "direct" ? [] : [mode];

        int exit = await run.RunConsumerAsync([.. path, "-itemFile", items, "-itemCount", "20", "-steadyStateTime", "1",
            "-postingRate", "1000", "-genericMsgRate", "1000"]);

        string console = "\n" + run.ConsumerConsole.Text;
        Assert.True(exit == 0, console);
        Assert.Contains("\nConsPerf: warning: consumer thread 1 has no item with post=\"true\"; it will not post.\n", console);
        Assert.Contains("\nConsPerf: warning: consumer thread 1 has no item with genMsg=\"true\"; it will not send generic messages.\n", console);
        Assert.Contains("  Posts sent: 0\n", run.ConsumerSummary);
    }
}
