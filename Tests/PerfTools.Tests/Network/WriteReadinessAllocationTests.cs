using Eta.TestSupport;
using PerfTools.Common.Network;
using Xunit;

namespace PerfTools.Tests.Network;

/// <summary>Waiting for read and write readiness together (a select with a write set) allocates nothing per pump.</summary>
[Collection(AllocationCollection.Name)]
public sealed class WriteReadinessAllocationTests
{
    [Fact]
    public void Pumping_while_output_waits_for_a_full_socket_allocates_nothing()
    {
        using var full = new ScriptedPort();
        using var quiet = new ScriptedPort();
        var loop = new ChannelLoop();
        loop.Add(new ChannelReader(full, new CountingHandler()));
        loop.Add(new ChannelReader(quiet, new CountingHandler()));
        loop.Pump(TimeSpan.Zero); // every new channel's first read
        full.FillSendBuffer();

        AllocationAssert.None(() =>
        {
            full.AwaitsWritable = true;
            loop.Pump(TimeSpan.Zero);
        });
        Assert.True(full.AwaitsWritable); // the socket stayed full: the pump waited on it, and it never had room
    }
}
