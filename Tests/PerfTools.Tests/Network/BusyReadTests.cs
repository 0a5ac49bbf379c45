using PerfTools.Common.Network;
using Xunit;

namespace PerfTools.Tests.Network;

/// <summary>
/// The guide's -busyRead (ConsPerf Table 2, TransportPerf Table 5): "continually read rather than use notifications".
/// The loop then reads every channel on every pump, drained or not, and never asks a socket whether it is readable.
/// </summary>
public sealed class BusyReadTests
{
    [Fact]
    public void A_busy_read_loop_reads_a_drained_channel_on_every_pump_without_waiting()
    {
        using var port = new ScriptedPort();
        var loop = new ChannelLoop(readsPerSlice: 8, busyRead: true);
        var reader = new ChannelReader(port, new CountingHandler());
        loop.Add(reader);

        for (int pump = 1; pump <= 3; pump++)
        {
            // A notification-driven loop would wait here: nothing is buffered and the socket stays quiet.
            Assert.Equal(1, loop.Pump(TimeSpan.FromSeconds(5)));
            Assert.Equal(pump, port.ReadCalls);
            Assert.Equal(ReadSliceOutcome.Drained, reader.LastOutcome);
        }
        Assert.Equal(0, port.SocketQueries);

        port.QueueMessages(3);
        Assert.Equal(1, loop.Pump(TimeSpan.FromSeconds(5)));
        Assert.Equal(6, port.ReadCalls);
        Assert.Equal(0, port.SocketQueries);
    }
}
