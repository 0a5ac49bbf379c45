using System.Diagnostics;
using System.Net.Sockets;
using PerfTools.PerfHub.Network;
using PerfTools.PerfHub.Options;
using PerfTools.PerfHub.Statistics;
using PerfTools.Tests.Network;
using Xunit;

namespace PerfTools.Tests.PerfHub;

/// <summary>
/// With its default options the hub writes a consumer's output in writes of up to 16 KB, the last at the end of the
/// pass: updates stay queued in the channel until then, where the transport's own 6144-byte high-water mark wrote
/// them every 40 or so (each write waking the consumer).
/// </summary>
public sealed class HubOutputTests
{
    private static readonly TimeSpan Deadline = TimeSpan.FromSeconds(30);

    [Fact]
    public void Updates_short_of_16_KB_reach_the_consumer_only_when_the_pass_ends()
    {
        using var pair = ChannelPair.Open();
        var output = new HubChannel(pair.Writer, ChannelRole.Consumer, "consumer", new PerfHubOptions(), new HubCounters());
        Assert.True(output.Initialize());
        byte[] update = new byte[150];
        Random.Shared.NextBytes(update);
        const int Updates = 90; // 13,500 bytes, packed 20 to a buffer: two writes' worth at the transport's own high-water mark

        for (int i = 0; i < Updates; i++)
        {
            Span<byte> space = output.Reserve(update.Length);
            Assert.Equal(update.Length, space.Length);
            update.CopyTo(space);
            Assert.True(output.Send(update.Length));
        }

        // Loopback delivers a write before the call returns: nothing readable means nothing was written.
        Assert.False(pair.Reader.Socket.Poll(0, SelectMode.SelectRead), "updates were written before the pass ended");
        Assert.True(output.EndBurst());
        int received = 0;
        var clock = Stopwatch.StartNew();
        while (received < Updates && clock.Elapsed < Deadline)
        {
            pair.Reader.Socket.Poll(100_000, SelectMode.SelectRead);
            received += pair.ReadAvailable();
        }
        Assert.Equal(Updates, received);
    }
}
