using System.Diagnostics;
using System.Net.Sockets;
using PerfTools.Common.Provider;
using PerfTools.Tests.Network;
using Xunit;

namespace PerfTools.Tests.Common;

/// <summary>
/// With <c>-highWaterMark</c> left at 0, a provider channel writes a whole slice of the update burst
/// (<see cref="UpdateSlices.MinSliceUpdates"/> updates) in one write when the slice ends, where the transport's own
/// 6144-byte high-water mark wrote it every 40 or so updates and each write woke the consumer. A value given on the
/// command line is still the channel's.
/// </summary>
public sealed class SliceWriteTests
{
    private static readonly TimeSpan Deadline = TimeSpan.FromSeconds(30);
    private const int UpdateLength = 150; // about an update of LSEG's MsgData.xml with its header

    [Fact]
    public void A_slice_of_updates_reaches_the_consumer_only_when_the_slice_ends()
    {
        using var pair = ChannelPair.Open();
        using var channel = Provider(pair, highWaterMark: 0);

        SendSlice(channel);

        // Loopback delivers a write before the call returns: nothing readable means nothing was written.
        Assert.False(pair.Reader.Socket.Poll(0, SelectMode.SelectRead), "updates were written before the slice ended");
        Assert.True(channel.EndBurst());
        Assert.Equal(UpdateSlices.MinSliceUpdates, Receive(pair, UpdateSlices.MinSliceUpdates));
    }

    [Fact]
    public void A_high_water_mark_given_on_the_command_line_is_kept()
    {
        using var pair = ChannelPair.Open();
        using var channel = Provider(pair, highWaterMark: 6144);

        SendSlice(channel);

        Assert.True(pair.Reader.Socket.Poll(0, SelectMode.SelectRead), "nothing was written before the slice ended at a 6144-byte high-water mark");
        Assert.True(channel.EndBurst());
        Assert.Equal(UpdateSlices.MinSliceUpdates, Receive(pair, UpdateSlices.MinSliceUpdates));
    }

    private static PublishingChannel Provider(ChannelPair pair, int highWaterMark)
    {
        var options = new PublishingOptions(DirectWrite: false, MaxPackCount: 1, PackBufSize: 6000, HighWaterMark: highWaterMark);
        var channel = new PublishingChannel(pair.Writer, "consumer", options, new PublishingStats());
        Assert.Equal(ConnectionProgress.Active, channel.Initialize());
        return channel;
    }

    private static void SendSlice(PublishingChannel channel)
    {
        byte[] update = new byte[UpdateLength];
        Random.Shared.NextBytes(update);
        Assert.True(UpdateSlices.MinSliceUpdates * UpdateLength > 2 * 6144, "the slice must span several of the transport's own high-water marks");
        for (int i = 0; i < UpdateSlices.MinSliceUpdates; i++)
        {
            Span<byte> space = channel.Reserve(update.Length);
            Assert.True(space.Length >= update.Length);
            update.CopyTo(space);
            Assert.True(channel.Send(update.Length));
        }
    }

    private static int Receive(ChannelPair pair, int expected)
    {
        int received = 0;
        var clock = Stopwatch.StartNew();
        while (received < expected && clock.Elapsed < Deadline)
        {
            pair.Reader.Socket.Poll(100_000, SelectMode.SelectRead);
            received += pair.ReadAvailable();
        }
        return received;
    }
}
