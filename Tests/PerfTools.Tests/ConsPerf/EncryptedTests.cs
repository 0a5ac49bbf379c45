using PerfTools.ConsPerf;
using Xunit;

namespace PerfTools.Tests.ConsPerf;

/// <summary>ConsPerf against ProvPerf over TLS (-connType encrypted, trusting the test's CA through -castore).</summary>
[Collection(EndToEndCollection.Name)]
public sealed class EncryptedTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromSeconds(45);

    [Fact]
    public async Task An_encrypted_connection_carries_the_whole_test()
    {
        await using var run = new LoopbackRun(Limit);
        string items = run.WriteItemList(200);
        (string cert, string key) = TestCertificate.WritePem(run.Directory);
        await run.StartProviderAsync(0, "-c", "encrypted", "-cert", cert, "-keyfile", key, "-updateRate", "2000");

        int exit = await run.RunConsumerAsync("-itemFile", items, "-itemCount", "200", "-steadyStateTime", "2",
            "-connType", "encrypted", "-castore", cert);

        Assert.True(exit == 0, run.ConsumerConsole.Text);
        Assert.Contains("Connection Type: Encrypted", run.ConsumerSummary);
        Assert.Contains("  Refreshes received: 200\n", run.ConsumerSummary);
        Assert.Matches(@"  Updates received: [1-9]\d*\n", run.ConsumerSummary);
    }
}
