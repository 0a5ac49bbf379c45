using Eta.TestSupport;
using Xunit;

namespace PerfTools.Tests.ConsPerf;

/// <summary>
/// ProvPerf serving LSEG's own default MsgData.xml (70-field refresh with blank REALs and many ENUMs, two updates,
/// two posts, two generic messages) and ConsPerf, given the same file, decoding all of it with posts and generic
/// messages on: the data LSEG's tools run with by default must run through ours too.
/// </summary>
[Collection(EndToEndCollection.Name)]
public sealed class LsegMessageDataTests
{
    [Fact]
    public async Task ProvPerf_serves_and_ConsPerf_decodes_LSEGs_default_message_data()
    {
        string msgData = ReferenceData.Path("perftools", "MsgData.xml");
        await using var run = new LoopbackRun(TimeSpan.FromSeconds(45));
        string items = run.WriteItemList(200, everyNthPosts: 2);
        await run.StartProviderAsync(0, "-msgFile", msgData, "-updateRate", "2000", "-latencyUpdateRate", "200",
            "-genericMsgRate", "1000", "-genericMsgLatencyRate", "100");

        int exit = await run.RunConsumerAsync("-msgFile", msgData, "-itemFile", items, "-itemCount", "200", "-steadyStateTime", "2",
            "-postingRate", "1000", "-postingLatencyRate", "100", "-genericMsgRate", "1000", "-genericMsgLatencyRate", "100");

        Assert.True(exit == 0, run.ConsumerConsole.Text);
        string summary = run.ConsumerSummary;
        Assert.Contains("  Refreshes received: 200\n", summary);
        Assert.Matches(@"  Updates received: [1-9]\d*\n", summary);
        Assert.Matches(@"  Posting latencies received: [1-9]\d*\n", summary);
        Assert.Matches(@"  GenMsgs received: [1-9]\d*\n", summary);
        Assert.Contains("Result: Steady-state time of 2 seconds has expired.", summary);
    }
}
