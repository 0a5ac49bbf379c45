using Eta.Transport;
using PerfTools.Common.Network;
using Xunit;

namespace PerfTools.Tests.Network;

/// <summary>The common channel loop: bounded read slices, no read the readiness state says is useless, one write contract.</summary>
public sealed class ChannelLoopTests
{
    private static readonly TimeSpan NoWait = TimeSpan.Zero;

    [Fact]
    public void A_slice_reads_at_most_its_limit_and_says_more_is_buffered()
    {
        using var port = new ScriptedPort();
        port.QueueMessages(10);
        var handler = new CountingHandler();
        var reader = new ChannelReader(port, handler);

        Assert.Equal(ReadSliceOutcome.MoreBuffered, reader.ReadSlice(4));
        Assert.Equal(4, handler.Messages);
        Assert.Equal(4, port.ReadCalls);
        Assert.True(reader.HasBufferedInput);

        Assert.Equal(ReadSliceOutcome.MoreBuffered, reader.ReadSlice(4));
        Assert.Equal(ReadSliceOutcome.Drained, reader.ReadSlice(4));
        Assert.Equal(10, handler.Messages);
        Assert.False(reader.HasBufferedInput);
    }

    [Fact]
    public void The_last_buffered_message_ends_the_slice_without_another_read()
    {
        // The transport says Success with the last message: nothing is buffered, so a further read could only be a
        // recv that returns EAGAIN. The reader must stop there.
        using var port = new ScriptedPort();
        port.QueueMessages(3);
        var handler = new CountingHandler();
        var reader = new ChannelReader(port, handler);

        Assert.Equal(ReadSliceOutcome.Drained, reader.ReadSlice(100));
        Assert.Equal(3, handler.Messages);
        Assert.Equal(3, port.ReadCalls);
    }

    [Fact]
    public void A_new_channel_is_read_once_then_only_when_its_socket_is_readable()
    {
        using var port = new ScriptedPort();
        var loop = new ChannelLoop(readsPerSlice: 8);
        var reader = new ChannelReader(port, new CountingHandler());
        loop.Add(reader);

        // The handshake may have buffered the peer's first messages: one read finds out (here: nothing).
        Assert.Equal(1, loop.Pump(NoWait));
        Assert.Equal(1, port.ReadCalls);

        Assert.Equal(0, loop.Pump(NoWait));
        Assert.Equal(0, loop.Pump(NoWait));
        Assert.Equal(1, port.ReadCalls);

        port.MakeReadable();
        port.QueueMessages(2);
        Assert.True(SpinUntil(() => loop.Pump(TimeSpan.FromMilliseconds(50)) == 1));
        Assert.Equal(3, port.ReadCalls);
    }

    [Fact]
    public void Of_several_channels_only_the_readable_or_buffered_ones_are_read()
    {
        using var quiet = new ScriptedPort();
        using var ready = new ScriptedPort();
        using var buffered = new ScriptedPort();
        var loop = new ChannelLoop(readsPerSlice: 2);
        var bufferedReader = new ChannelReader(buffered, new CountingHandler());
        loop.Add(new ChannelReader(quiet, new CountingHandler()));
        loop.Add(new ChannelReader(ready, new CountingHandler()));
        loop.Add(bufferedReader);
        loop.Pump(NoWait); // every new channel's first read
        // Leave input buffered in the transport of the third channel (its socket itself stays quiet).
        buffered.QueueMessages(5);
        bufferedReader.ReadSlice(2);
        int quietReads = quiet.ReadCalls, readyReads = ready.ReadCalls, bufferedReads = buffered.ReadCalls;

        ready.MakeReadable();
        ready.QueueMessages(1);
        Assert.True(SpinUntil(() =>
        {
            loop.Pump(TimeSpan.FromMilliseconds(50));
            return ready.ReadCalls > readyReads;
        }));

        Assert.Equal(quietReads, quiet.ReadCalls);
        Assert.True(buffered.ReadCalls > bufferedReads);
    }

    [Fact]
    public void A_channel_with_buffered_input_is_read_without_waiting_for_its_socket()
    {
        using var port = new ScriptedPort();
        var loop = new ChannelLoop(readsPerSlice: 2);
        var reader = new ChannelReader(port, new CountingHandler());
        loop.Add(reader);
        port.QueueMessages(4);
        reader.ReadSlice(2);
        Assert.True(reader.HasBufferedInput);
        int socketQueries = port.SocketQueries;

        Assert.Equal(1, loop.Pump(TimeSpan.FromSeconds(5)));
        Assert.Equal(socketQueries, port.SocketQueries); // no poll: it would wait on a socket that stays quiet
        Assert.Equal(4, port.ReadCalls);
        Assert.False(reader.HasBufferedInput);
    }

    [Fact]
    public void A_refused_message_stops_the_slice_and_a_failed_read_is_reported()
    {
        using var port = new ScriptedPort();
        port.QueueMessages(5);
        var reader = new ChannelReader(port, new CountingHandler { RefuseAt = 2 });
        Assert.Equal(ReadSliceOutcome.Stopped, reader.ReadSlice(10));
        Assert.Equal(2, port.ReadCalls);

        using var failing = new ScriptedPort();
        failing.Reads.Enqueue((TransportReturnCode.Failure, false));
        var failed = new ChannelReader(failing, new CountingHandler());
        Assert.Equal(ReadSliceOutcome.Failed, failed.ReadSlice(10));
        Assert.Equal(ReadSliceOutcome.Failed, failed.LastOutcome);
    }

    [Fact]
    public void A_write_that_keeps_asking_to_be_called_again_is_retried_a_bounded_number_of_times()
    {
        using var port = new ScriptedPort();
        for (int i = 0; i < 1000; i++)
            port.Writes.Enqueue(TransportReturnCode.WriteCallAgain);

        Assert.Equal(WriteOutcome.CallAgain, WriteRetry.Write(port, null!, new WriteArgs()));
        Assert.Equal(WriteRetry.MaxRetries + 1, port.WriteCalls);
        Assert.Equal(WriteRetry.MaxRetries, port.FlushCalls);
    }

    [Fact]
    public void Write_outcomes_say_done_queued_or_failed()
    {
        using var port = new ScriptedPort();
        port.Writes.Enqueue(TransportReturnCode.WriteCallAgain);
        port.Writes.Enqueue(TransportReturnCode.Success);
        Assert.Equal(WriteOutcome.Done, WriteRetry.Write(port, null!, new WriteArgs()));
        Assert.Equal(1, port.FlushCalls);

        port.Writes.Enqueue((TransportReturnCode)120);
        Assert.Equal(WriteOutcome.Queued, WriteRetry.Write(port, null!, new WriteArgs()));

        port.Writes.Enqueue(TransportReturnCode.WriteCallAgain);
        port.FlushResult = TransportReturnCode.Failure;
        Assert.Equal(WriteOutcome.Failed, WriteRetry.Write(port, null!, new WriteArgs()));
        Assert.Equal(WriteOutcome.Failed, WriteRetry.Flush(port));
        port.FlushResult = (TransportReturnCode)10;
        Assert.Equal(WriteOutcome.Queued, WriteRetry.Flush(port));
    }

    // Bounded wait on a condition (loopback delivery is fast but not instantaneous).
    private static bool SpinUntil(Func<bool> condition)
    {
        DateTime deadline = DateTime.UtcNow.AddSeconds(10);
        while (DateTime.UtcNow < deadline)
        {
            if (condition())
                return true;
        }
        return false;
    }
}
