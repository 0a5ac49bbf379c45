using System.Buffers.Binary;
using Eta.TestSupport;
using PerfTools.Common.Threading;
using PerfTools.Tests.Common;
using PerfTools.TransportPerf.Network;
using PerfTools.TransportPerf.Options;
using PerfTools.TransportPerf.Payload;
using PerfTools.TransportPerf.Session;
using PerfTools.TransportPerf.Statistics;
using Xunit;

namespace PerfTools.Tests.TransportPerf;

[Collection(AllocationCollection.Name)]
public sealed class TransportSessionTests
{
    private static TransportPerfOptions Options(params string[] args) => TransportPerfCommandLine.Parse(args).Options!;

    private static byte[] Message(long sequence, long timestamp, int size = 76)
    {
        var message = new byte[size];
        PerfPayload.Write(message, sequence, timestamp);
        return message;
    }

    [Fact]
    public void One_second_of_bursts_sends_the_rate_with_consecutive_sequences_and_the_latency_rate_stamped()
    {
        var channel = new FakePerfChannel();
        var stats = new TransportThreadStats(1);
        var session = new TransportSession(channel, Options("-msgRate", "10000", "-latencyMsgRate", "100", "-msgSize", "40"), stats, seed: 1);
        for (int tick = 0; tick < 1000; tick++)
            session.SendBurst(tick);

        Assert.Equal(10_000, channel.Written.Count);
        Assert.Equal(10_000, stats.MsgsSent.Total);
        Assert.Equal(10_000 * 40, stats.BytesSent.Total); // message lengths, as the receiver counts them
        Assert.Equal(10_000 * 43, stats.BytesWritten.Total); // what the transport wrote, headers included
        int stamped = 0;
        for (int i = 0; i < channel.Written.Count; i++)
        {
            byte[] message = channel.Written[i];
            Assert.Equal(40, message.Length);
            Assert.True(PerfPayload.TryRead(message, out long sequence, out long timestamp));
            Assert.Equal(i, sequence); // LSEG's senders start at 0
            if (timestamp != 0) stamped++;
            Assert.All(message[16..], b => Assert.Equal(0, b));
        }
        Assert.Equal(100, stamped);
    }

    [Fact]
    public void Packing_puts_pack_count_messages_in_each_buffer()
    {
        var channel = new FakePerfChannel();
        var session = new TransportSession(channel, Options("-msgRate", "10000", "-pack", "10"), new TransportThreadStats(1), seed: 1);
        for (int tick = 0; tick < 1000; tick++)
            session.SendBurst(tick);
        Assert.Equal(10_000, channel.Written.Count);
        Assert.Equal(1000, channel.Writes);
        Assert.Equal(1000, channel.PackedGets);
        Assert.Equal(Enumerable.Range(0, 10_000).Select(i => (long)i),
            channel.Written.Select(m => BinaryPrimitives.ReadInt64LittleEndian(m)));
    }

    /// <summary>
    /// Sent whole at the start of its tick, a 3,000-message burst (450 KB at 150 B) filled the socket ahead of its own
    /// latency messages: 184 µs average at 3 M/s against LSEG C's 17. In slices (UpdateSlices), at most one slice
    /// waits ahead of a stamped message, and each is stamped when its slice goes.
    /// </summary>
    [Fact]
    public void A_burst_goes_out_in_slices_as_they_fall_due_each_stamped_when_sent()
    {
        var channel = new FakePerfChannel();
        var session = new TransportSession(channel,
            Options("-msgRate", "3000000", "-tickRate", "1000", "-latencyMsgRate", "all", "-msgSize", "150", "-pack", "20"),
            new TransportThreadStats(1), seed: 1);
        long tickLength = System.Diagnostics.Stopwatch.Frequency / 1000;
        long start = 1_000_000;

        session.SendBurst(0, start);
        Assert.Equal(300, channel.Written.Count); // the first of ten slices
        long afterFirstSlice = global::PerfTools.Common.Timing.PerfTimestamp.NowNanoseconds();
        Assert.Equal(start + tickLength / 10, session.NextSendAt(start)); // the thread may wait until then

        session.FlushAndSendDue(start + tickLength / 10 - 1);
        Assert.Equal(300, channel.Written.Count); // the second slice is not due yet
        session.FlushAndSendDue(start + tickLength / 2);
        Assert.Equal(1800, channel.Written.Count); // six slices begun half-way through the tick
        session.FlushAndSendDue(start + tickLength - 1);
        Assert.Equal(3000, channel.Written.Count); // and the whole burst before the tick ends
        Assert.Equal(long.MaxValue, session.NextSendAt(start + tickLength - 1));

        for (int i = 300; i < channel.Written.Count; i++)
        {
            Assert.True(PerfPayload.TryRead(channel.Written[i], out _, out long stamp));
            Assert.True(stamp >= afterFirstSlice, $"message {i} was stamped before its slice was sent");
        }
    }

    [Fact]
    public void Received_sequence_gaps_and_repeats_are_counted_and_latency_is_queued()
    {
        var stats = new TransportThreadStats(1);
        var channel = new FakePerfChannel();
        var session = new TransportSession(channel, Options("-msgRate", "0", "-latencyMsgRate", "0"), stats, seed: 1);
        long stamp = global::PerfTools.Common.Timing.PerfTimestamp.NowNanoseconds();
        foreach (long sequence in new long[] { 1, 2, 3, 7, 8, 5, 9 })
            channel.Incoming.Enqueue(Message(sequence, sequence == 8 ? stamp : 0));
        channel.Incoming.Enqueue(new byte[5]);
        session.Read();

        Assert.Equal(8, stats.MsgsReceived.Total);
        Assert.Equal(7 * 76 + 5, stats.BytesReceived.Total);
        Assert.Equal(2, stats.SequenceErrors.Total); // 7 skips 4..6, 5 is behind
        Assert.Equal(3, stats.MissingMessages.Total);
        Assert.Equal(1, stats.MalformedMessages.Total);
        Assert.True(stats.Latencies.TryDequeue(out LatencyRecord latency));
        Assert.Equal(stamp, latency.SendTime);
        Assert.True(latency.Latency >= 0);
        Assert.False(stats.Latencies.TryDequeue(out _));
    }

    [Fact]
    public void Reflection_writes_each_message_back_unchanged_and_sends_nothing_of_its_own()
    {
        var stats = new TransportThreadStats(1);
        var channel = new FakePerfChannel();
        var session = new TransportSession(channel, Options("-reflectMsgs"), stats, seed: 1);
        session.SendBurst(0);
        Assert.Empty(channel.Written);

        byte[][] incoming = [Message(1, 12345), Message(2, 0), Message(3, 0, size: 200)];
        foreach (byte[] message in incoming)
            channel.Incoming.Enqueue(message);
        session.Read();
        Assert.Equal(incoming, channel.Written);
        Assert.Equal(3, stats.MsgsSent.Total);
        Assert.False(stats.Latencies.TryDequeue(out _)); // the reflector does not measure
    }

    [Fact]
    public void A_reflector_does_not_check_the_sequence_of_what_it_only_echoes()
    {
        var stats = new TransportThreadStats(1);
        var channel = new FakePerfChannel();
        var session = new TransportSession(channel, Options("-reflectMsgs"), stats, seed: 1);
        foreach (long sequence in new long[] { 5, 3, 900, 1 })
            channel.Incoming.Enqueue(Message(sequence, 0));
        channel.Incoming.Enqueue(new byte[8]);
        session.Read();

        Assert.Equal(5, channel.Written.Count);
        Assert.Equal(0, stats.SequenceErrors.Total);
        Assert.Equal(0, stats.MalformedMessages.Total);
    }

    [Fact]
    public void A_reflector_out_of_buffers_flushes_and_retries_then_counts_what_it_could_not_echo()
    {
        var stats = new TransportThreadStats(1);
        var channel = new FakePerfChannel(buffers: 2);
        var session = new TransportSession(channel, Options("-reflectMsgs"), stats, seed: 1);
        foreach (long sequence in new long[] { 0, 1, 2 })
            channel.Incoming.Enqueue(Message(sequence, 0));
        session.Read();

        Assert.Equal(2, channel.Written.Count);
        Assert.Equal(1, channel.Flushes); // the third message's first try found no buffer
        Assert.Equal(1, stats.ReflectionsDropped.Total);
    }

    [Fact]
    public void The_first_sequence_number_received_is_adopted_as_LSEGs_receiver_does()
    {
        var stats = new TransportThreadStats(1);
        var channel = new FakePerfChannel();
        var session = new TransportSession(channel, Options("-msgRate", "0", "-latencyMsgRate", "0"), stats, seed: 1);
        foreach (long sequence in new long[] { 0, 1, 2 })
            channel.Incoming.Enqueue(Message(sequence, 0));
        session.Read();
        Assert.Equal(0, stats.SequenceErrors.Total);

        var later = new TransportThreadStats(1);
        var joining = new TransportSession(channel, Options("-msgRate", "0", "-latencyMsgRate", "0"), later, seed: 1);
        foreach (long sequence in new long[] { 41, 42, 43 })
            channel.Incoming.Enqueue(Message(sequence, 0));
        joining.Read();
        Assert.Equal(0, later.SequenceErrors.Total);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void Output_left_queued_by_a_write_is_flushed_in_the_spare_time(bool reflect)
    {
        var channel = new FakePerfChannel { WriteResult = ChannelResult.Queued };
        var session = new TransportSession(channel,
            reflect ? Options("-reflectMsgs") : Options("-msgRate", "1000", "-latencyMsgRate", "0"), new TransportThreadStats(1), seed: 1);
        if (reflect)
        {
            channel.Incoming.Enqueue(Message(1, 0));
            session.Read(); // the read itself succeeds; the reflected write is what stays queued
        }
        else
        {
            session.SendBurst(0);
        }
        Assert.Single(channel.Written);
        session.FlushIfQueued();
        Assert.Equal(1, channel.Flushes);
        session.FlushIfQueued(); // nothing queued any more
        Assert.Equal(1, channel.Flushes);
    }

    [Fact]
    public void Messages_without_buffers_are_counted_not_lost_silently()
    {
        var stats = new TransportThreadStats(1);
        var channel = new FakePerfChannel(buffers: 25);
        var session = new TransportSession(channel, Options("-msgRate", "10000"), stats, seed: 1);
        for (int tick = 0; tick < 5; tick++)
            session.SendBurst(tick);
        session.EndTick();
        Assert.Equal(25, stats.MsgsSent.Total);
        Assert.Equal(25, stats.OutOfBuffers.Total);
    }

    [Fact]
    public void A_burst_the_channel_cut_short_goes_on_in_the_spare_time_and_the_next_tick_counts_only_what_it_still_cannot_send()
    {
        var stats = new TransportThreadStats(1);
        var channel = new FakePerfChannel(buffers: 4);
        var session = new TransportSession(channel, Options("-msgRate", "10000", "-latencyMsgRate", "0"), stats, seed: 1);
        session.SendBurst(0); // 10 asked, 4 buffers
        // Published as they are sent, not when the tick is over.
        Assert.Equal(4, stats.MsgsSent.Total);
        Assert.Equal(6, session.PendingInTick);
        Assert.Equal(0, stats.OutOfBuffers.Total);

        channel.AddBuffers(3); // the socket took some queued output
        session.FlushAndSendDue();
        Assert.Equal(7, stats.MsgsSent.Total);
        session.SendBurst(1); // the tick is over: its last 3 were out of buffers
        Assert.Equal(3, stats.OutOfBuffers.Total);
        Assert.Equal(10, session.PendingInTick);

        channel.AddBuffers(100);
        session.SendBurst(5); // tick 1's burst goes now, as the channel takes it; ticks 2..4 were skipped by a loop that fell behind
        Assert.Equal(3, stats.OutOfBuffers.Total);
        Assert.Equal(30, stats.BehindSchedule.Total);
        Assert.Equal(27, stats.MsgsSent.Total);
        Assert.Equal(Enumerable.Range(0, 27).Select(i => (long)i), channel.Written.Select(m => BinaryPrimitives.ReadInt64LittleEndian(m)));
    }

    [Fact]
    public void Steady_state_sending_and_receiving_allocate_nothing()
    {
        var stats = new TransportThreadStats(1);
        var sender = new FakePerfChannel(record: false);
        var session = new TransportSession(sender, Options("-msgRate", "100000", "-latencyMsgRate", "1000", "-pack", "5"), stats, seed: 1);
        var receiver = new TransportSession(new FakePerfChannel(record: false), Options("-msgRate", "0", "-latencyMsgRate", "0"), stats, seed: 2);
        byte[] message = Message(1, 0);
        session.SendBurst(0);
        receiver.OnMessage(message);

        long sequence = 1, tick = 0;
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 500; i++)
                session.SendBurst(++tick);
            for (int i = 0; i < 5000; i++)
            {
                BinaryPrimitives.WriteInt64LittleEndian(message, ++sequence);
                receiver.OnMessage(message);
            }
        });
        Assert.Equal(0, stats.SequenceErrors.Total);
    }
}
