using System.Diagnostics;
using System.Net.Sockets;
using PerfTools.Common.Provider;
using PerfTools.Tests.Network;
using Xunit;

namespace PerfTools.Tests.Common;

/// <summary>
/// The provider channel's high-water mark is <c>-highWaterMark</c>, 0 meaning the guide's 6144 bytes. With a mark
/// above a slice of the update burst (<see cref="PublishingSession.MinSliceUpdates"/> updates, <see cref="UpdateSlices"/>) the slice leaves in one
/// write when it ends; at the guide's default the transport writes it every 40 or so updates, as LSEG's tools do.
/// </summary>
public sealed class SliceWriteTests
{
    private static readonly TimeSpan Deadline = TimeSpan.FromSeconds(30);
    private const int UpdateLength = 150; // about an update of LSEG's MsgData.xml with its header

    [Fact]
    public void Under_a_high_water_mark_above_the_slice_the_updates_reach_the_consumer_only_when_the_slice_ends()
    {
        using var pair = ChannelPair.Open();
        using var channel = Provider(pair, highWaterMark: 65536);

        SendSlice(channel);

        // Loopback delivers a write before the call returns: nothing readable means nothing was written.
        Assert.False(pair.Reader.Socket.Poll(0, SelectMode.SelectRead), "updates were written before the slice ended");
        Assert.True(channel.EndBurst());
        Assert.Equal(PublishingSession.MinSliceUpdates, Receive(pair, PublishingSession.MinSliceUpdates));
    }

    [Fact]
    public void At_the_guides_default_of_0_the_transport_flushes_every_6144_bytes_within_the_slice()
    {
        using var pair = ChannelPair.Open();
        using var channel = Provider(pair, highWaterMark: 0);

        SendSlice(channel);

        Assert.True(pair.Reader.Socket.Poll(0, SelectMode.SelectRead), "nothing was written before the slice ended: -highWaterMark 0 is not the guide's 6144 bytes");
        Assert.True(channel.EndBurst());
        Assert.Equal(PublishingSession.MinSliceUpdates, Receive(pair, PublishingSession.MinSliceUpdates));
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
        Assert.True(PublishingSession.MinSliceUpdates * UpdateLength > 2 * 6144, "the slice must span several of the transport's own high-water marks");
        for (int i = 0; i < PublishingSession.MinSliceUpdates; i++)
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
