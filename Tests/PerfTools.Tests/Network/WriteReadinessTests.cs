using System.Diagnostics;
using Eta.Transport;
using PerfTools.Common.Network;
using Xunit;

namespace PerfTools.Tests.Network;

/// <summary>
/// A flush the socket refused makes the port wait for write readiness: the channel loop then waits for the socket to
/// become writable as well as readable and tells the port, so the owner's flush after the pump finds room at once.
/// Nothing written meanwhile is lost.
/// </summary>
public sealed class WriteReadinessTests
{
    private static readonly TimeSpan NoWait = TimeSpan.Zero;
    private static readonly TimeSpan Deadline = TimeSpan.FromSeconds(30);

    [Fact]
    public void The_loop_tells_a_waiting_port_only_once_its_full_socket_has_room()
    {
        using var port = new ScriptedPort();
        var loop = new ChannelLoop();
        loop.Add(new ChannelReader(port, new CountingHandler()));
        loop.Pump(NoWait); // the first read every new channel gets
        port.FillSendBuffer();
        port.AwaitsWritable = true;

        loop.Pump(NoWait);
        Assert.Equal(0, port.WritableCalls);
        Assert.True(port.AwaitsWritable);

        var clock = Stopwatch.StartNew();
        while (port.WritableCalls == 0 && clock.Elapsed < Deadline)
        {
            port.DrainPeer();
            loop.Pump(TimeSpan.FromMilliseconds(50));
        }
        Assert.Equal(1, port.WritableCalls);
        Assert.False(port.AwaitsWritable);
    }

    [Fact]
    public void A_refused_flush_makes_the_loop_wake_for_write_readiness_and_the_flush_completes()
    {
        using var pair = ChannelPair.Open();
        var port = new TransportChannelPort(pair.Writer, waitForWritable: true);
        var loop = new ChannelLoop();
        loop.Add(new ChannelReader(port, new CountingHandler()));
        loop.Pump(TimeSpan.Zero); // the first read every new channel gets
        int written = 0;
        do
        {
            Assert.True(pair.Writer.GetBuffer(1000, packed: false, out TransportBuffer? buffer) == TransportReturnCode.Success,
                "the peer's socket took more than the test's 5000 buffers");
            buffer!.Length = 1000;
            Assert.True(port.Write(buffer, new WriteArgs()) >= TransportReturnCode.Success);
            written++;
        }
        while (port.Flush() == TransportReturnCode.Success);
        Assert.True(port.AwaitsWritable);

        loop.Pump(TimeSpan.Zero); // the peer has not read: no room yet
        Assert.True(port.AwaitsWritable);

        // The peer reads; the loop (waiting on nothing else, since the peer sends nothing) sees the room.
        int received = 0;
        var clock = Stopwatch.StartNew();
        while (port.AwaitsWritable && clock.Elapsed < Deadline)
        {
            received += pair.ReadAvailable();
            loop.Pump(TimeSpan.FromMilliseconds(10));
        }
        Assert.False(port.AwaitsWritable);

        TransportReturnCode flushed = port.Flush();
        while ((flushed > TransportReturnCode.Success || received < written) && clock.Elapsed < Deadline)
        {
            received += pair.ReadAvailable();
            loop.Pump(TimeSpan.FromMilliseconds(10));
            flushed = port.Flush();
        }
        Assert.Equal(TransportReturnCode.Success, flushed);
        Assert.False(port.AwaitsWritable);
        Assert.Equal(written, received);
    }

    [Fact]
    public void A_port_that_does_not_wait_for_writability_never_asks_the_loop_to()
    {
        using var pair = ChannelPair.Open();
        var port = new TransportChannelPort(pair.Writer);
        do
        {
            Assert.True(pair.Writer.GetBuffer(1000, packed: false, out TransportBuffer? buffer) == TransportReturnCode.Success,
                "the peer's socket took more than the test's 5000 buffers");
            buffer!.Length = 1000;
            port.Write(buffer, new WriteArgs());
        }
        while (port.Flush() == TransportReturnCode.Success);
        Assert.False(port.AwaitsWritable); // TransportPerf, ConsPerf and the hub keep their loops as they were
    }
}
