using System.Diagnostics;
using PerfTools.Common.Network;
using PerfTools.Common.Provider;
using PerfTools.Common.Timing;
using PerfTools.TransportPerf.Network;
using PerfTools.TransportPerf.Options;
using PerfTools.TransportPerf.Payload;
using PerfTools.TransportPerf.Statistics;

namespace PerfTools.TransportPerf.Session;

/// <summary>
/// TransportPerf's work on one connection: sending each tick's burst in slices spread over the tick (§7.4 payload,
/// optional packing and timestamps), and for every message read either checking its sequence number and latency or, with
/// -reflectMsgs, writing it straight back unchecked (as LSEG's reflector does: it only echoes).
/// Runs on its transport thread only; allocates nothing per message.
/// </summary>
internal sealed class TransportSession : IMessageHandler
{
    private readonly IPerfChannel _channel;
    private readonly TransportPerfOptions _options;
    private readonly TransportThreadStats _stats;
    private readonly MessagePacer _pacer;
    private readonly ChannelReader _reader;
    private SequenceChecker _incoming;
    private long _nextSequence = PerfPayload.FirstSequence;
    private readonly UpdateSlices _slices;
    private bool _outputQueued;

    public TransportSession(IPerfChannel channel, TransportPerfOptions options, TransportThreadStats stats, int seed)
    {
        _channel = channel;
        _options = options;
        _stats = stats;
        _pacer = new MessagePacer(options.EffectiveMsgRate, options.EffectiveLatencyMsgRate, options.TickRate, seed);
        _reader = new ChannelReader(channel.Port, this);
        _slices = new UpdateSlices(options.TickRate, Stopwatch.Frequency);
    }

    public IPerfChannel Channel => _channel;

    /// <summary>This connection's reads, for its thread's <see cref="ChannelLoop"/>.</summary>
    public ChannelReader Reader => _reader;

    public bool IsClosed { get; private set; }

    /// <summary>Messages of the current tick not sent yet: not due yet, or the channel had no room for them so far.</summary>
    public int PendingInTick => _slices.Owed;

    /// <summary>
    /// Starts tick <paramref name="tickNumber"/> at <paramref name="now"/> (a Stopwatch time): what the previous tick
    /// still owes goes first (its last slice can fall after a tick that began late), and what the channel does not
    /// take of it is counted as out of buffers (as the guide's tools count a burst cut short), so are the messages of
    /// ticks the loop skipped because it fell behind; then this tick's first slice goes (<see cref="UpdateSlices"/>).
    /// The later slices follow through <see cref="FlushAndSendDue(long)"/> as they fall due, each stamped when it is
    /// sent: sent whole, a burst fills the socket ahead of its own latency messages.
    /// </summary>
    public ChannelResult SendBurst(long tickNumber, long now)
    {
        if (_slices.Owed > 0 && SendMessages(_slices.Owed) == ChannelResult.Closed)
            return ChannelResult.Closed;
        if (_slices.Owed > 0)
            _stats.OutOfBuffers.Add(_slices.Owed);
        int count = _pacer.BeginTick(tickNumber);
        if (_pacer.MessagesSkipped > 0)
            _stats.BehindSchedule.Add(_pacer.MessagesSkipped);
        _slices.BeginTick(count, now);
        return SendDue(now);
    }

    /// <summary><see cref="SendBurst(long, long)"/> now.</summary>
    public ChannelResult SendBurst(long tickNumber) => SendBurst(tickNumber, Stopwatch.GetTimestamp());

    /// <summary>
    /// Sends the messages of this tick's burst due by <paramref name="now"/>, as far as the channel takes them
    /// (stops at the first refused buffer; the rest stays owed).
    /// </summary>
    public ChannelResult SendDue(long now) => SendMessages(_slices.DueBy(now));

    private ChannelResult SendMessages(int count)
    {
        ChannelResult result = ChannelResult.Success;
        while (count > 0)
        {
            int group = _options.Packing ? Math.Min(_options.PackCount, count) : 1;
            result = SendGroup(group);
            if (result is ChannelResult.NoBuffers or ChannelResult.Closed)
                break;
            _slices.Sent(group);
            count -= group;
        }
        if (result == ChannelResult.NoBuffers)
            result = ChannelResult.Queued; // buffers are held by queued output: flushing frees them
        return NoteWrite(result);
    }

    /// <summary>
    /// When this session next has something to send by itself: its next slice (a Stopwatch time), or never
    /// (<see cref="long.MaxValue"/>) while its output waits for the socket, whose readiness wakes the thread instead.
    /// </summary>
    public long NextSendAt(long now) => _outputQueued ? long.MaxValue : _slices.NextSliceAt(now);

    /// <summary>Flushes output left queued by earlier writes.</summary>
    public ChannelResult FlushIfQueued() => _outputQueued ? NoteWrite(Flush()) : ChannelResult.Success;

    private ChannelResult Flush()
    {
        ChannelResult result = _channel.Flush(out int bytesWritten);
        _stats.BytesWritten.Add(bytesWritten);
        return result;
    }

    /// <summary>
    /// Spare time's writing: flushes queued output and, once the socket took all of it, sends the messages due by
    /// <paramref name="now"/> and flushes them. Output the socket cannot take yet stays queued (the port then has
    /// the thread's loop wait for the socket to be writable).
    /// </summary>
    public ChannelResult FlushAndSendDue(long now)
    {
        ChannelResult result = FlushIfQueued();
        if (_outputQueued || _slices.Owed == 0 || result == ChannelResult.Closed)
            return result;
        result = SendDue(now);
        return result == ChannelResult.Closed ? result : FlushIfQueued();
    }

    /// <summary><see cref="FlushAndSendDue(long)"/> now.</summary>
    public ChannelResult FlushAndSendDue() => FlushAndSendDue(Stopwatch.GetTimestamp());

    /// <summary>End of the run: what the last tick did not send is counted as out of buffers.</summary>
    public void EndTick()
    {
        if (_slices.Owed > 0)
            _stats.OutOfBuffers.Add(_slices.Owed);
        _slices.GiveUpRest();
    }

    /// <summary>True while the transport holds output not yet passed to the socket.</summary>
    public bool OutputQueued => _outputQueued;

    /// <summary>Reads one slice now (the thread's loop does this when the socket is readable). (Reflected writes made while reading keep their own queued state.)</summary>
    public ChannelResult Read()
    {
        _reader.ReadSlice(ChannelLoop.DefaultReadsPerSlice);
        return AfterRead();
    }

    /// <summary>Takes note of how the last read slice ended: a failed read closes the session.</summary>
    public ChannelResult AfterRead()
    {
        if (_reader.LastOutcome != ReadSliceOutcome.Failed)
            return IsClosed ? ChannelResult.Closed : ChannelResult.Success;
        IsClosed = true;
        return _channel.ReadFailed();
    }

    /// <summary>Heartbeats, about once a second.</summary>
    public ChannelResult CheckPings()
    {
        ChannelResult result = _channel.CheckPings();
        if (result == ChannelResult.Closed)
            IsClosed = true;
        return result;
    }

    public bool OnMessage(ReadOnlySpan<byte> message)
    {
        _stats.MsgsReceived.Increment();
        _stats.BytesReceived.Add(message.Length);
        if (_options.ReflectMsgs)
        {
            Reflect(message);
            return !IsClosed;
        }
        if (!PerfPayload.TryRead(message, out long sequence, out long timestamp))
        {
            _stats.MalformedMessages.Increment();
            return true;
        }
        long missingBefore = _incoming.Missing;
        if (!_incoming.Check(sequence))
        {
            _stats.SequenceErrors.Increment();
            _stats.MissingMessages.Add(_incoming.Missing - missingBefore);
        }
        if (timestamp != 0)
            _stats.Latencies.TryEnqueue(timestamp, PerfTimestamp.NowNanoseconds());
        return true;
    }

    private ChannelResult SendGroup(int messages)
    {
        bool packed = _options.Packing;
        int size = _options.MsgSize;
        ChannelResult result = _channel.GetBuffer(packed ? _options.PackedBufferSize : size, packed, out Span<byte> space);
        if (result is ChannelResult.NoBuffers or ChannelResult.Closed)
            return result;
        for (int i = 0; ; i++)
        {
            // Time t1 is taken just before encoding (§7.5).
            long timestamp = _pacer.NextCarriesLatency() ? PerfTimestamp.NowNanoseconds() : 0;
            PerfPayload.Write(space[..size], _nextSequence++, timestamp);
            if (i == messages - 1)
                break;
            result = _channel.Pack(size, out space);
            if (result == ChannelResult.Closed)
                return result;
        }
        result = _channel.Write(size, _options.DirectWrite, out int bytesWritten);
        // Counted together once the group is written, so a stats row sees a group's messages and bytes alike (the
        // collector reads the two counters one after the other, and only this instant lies between them).
        _stats.MsgsSent.Add(messages);
        _stats.BytesSent.Add((long)size * messages);
        _stats.BytesWritten.Add(bytesWritten);
        return result;
    }

    private void Reflect(ReadOnlySpan<byte> message)
    {
        ChannelResult result = _channel.GetBuffer(message.Length, packed: false, out Span<byte> space);
        if (result == ChannelResult.NoBuffers)
        {
            // Buffers are held by queued output: flush to free them and try once more, as LSEG's reflector does.
            // A message still not echoed is a gap the sender will see, so it is counted as a failure, not a delay.
            result = Flush();
            if (result != ChannelResult.Closed)
                result = _channel.GetBuffer(message.Length, packed: false, out space);
            if (result == ChannelResult.NoBuffers)
            {
                _stats.OutOfBuffers.Increment();
                _stats.ReflectionsDropped.Increment();
                _outputQueued = true;
                return;
            }
        }
        if (result == ChannelResult.Closed)
        {
            IsClosed = true;
            return;
        }
        message.CopyTo(space);
        result = _channel.Write(message.Length, _options.DirectWrite, out int bytesWritten);
        _stats.BytesSent.Add(message.Length);
        _stats.BytesWritten.Add(bytesWritten);
        _stats.MsgsSent.Increment();
        NoteWrite(result);
    }

    /// <summary>Tracks whether output waits in the transport's queue (so the spare time flushes it) and whether the channel closed.</summary>
    private ChannelResult NoteWrite(ChannelResult result)
    {
        if (result == ChannelResult.Closed)
            IsClosed = true;
        else
            _outputQueued = result == ChannelResult.Queued;
        return result;
    }
}
