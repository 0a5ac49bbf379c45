using PerfTools.Common.Network;
using PerfTools.Common.Timing;
using PerfTools.TransportPerf.Network;
using PerfTools.TransportPerf.Options;
using PerfTools.TransportPerf.Payload;
using PerfTools.TransportPerf.Statistics;

namespace PerfTools.TransportPerf.Session;

/// <summary>
/// TransportPerf's work on one connection: sending each tick's burst (§7.4 payload, optional packing and
/// timestamps), and for every message read either checking its sequence number and latency or, with
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
    private bool _outputQueued;
    private int _pendingInTick;

    public TransportSession(IPerfChannel channel, TransportPerfOptions options, TransportThreadStats stats, int seed)
    {
        _channel = channel;
        _options = options;
        _stats = stats;
        _pacer = new MessagePacer(options.EffectiveMsgRate, options.EffectiveLatencyMsgRate, options.TickRate, seed);
        _reader = new ChannelReader(channel.Port, this);
    }

    public IPerfChannel Channel => _channel;

    /// <summary>This connection's reads, for its thread's <see cref="ChannelLoop"/>.</summary>
    public ChannelReader Reader => _reader;

    public bool IsClosed { get; private set; }

    /// <summary>Messages of the current tick not sent yet: the channel had no room for them so far.</summary>
    public int PendingInTick => _pendingInTick;

    /// <summary>
    /// Starts tick <paramref name="tickNumber"/>: what the previous tick could not send in its whole time is counted
    /// as out of buffers (as the guide's tools count a burst cut short), so are the messages of ticks the loop skipped
    /// because it fell behind; then sends as much of this tick's burst as the channel takes. The rest waits for
    /// <see cref="SendPending"/> in the tick's spare time, so a sender past capacity still sends all the channel takes.
    /// </summary>
    public ChannelResult SendBurst(long tickNumber)
    {
        int count = _pacer.BeginTick(tickNumber);
        if (_pendingInTick > 0)
            _stats.OutOfBuffers.Add(_pendingInTick);
        if (_pacer.MessagesSkipped > 0)
            _stats.BehindSchedule.Add(_pacer.MessagesSkipped);
        _pendingInTick = count;
        return SendPending();
    }

    /// <summary>Sends what is left of this tick's burst, as far as the channel takes it (stops at the first refused buffer).</summary>
    public ChannelResult SendPending()
    {
        ChannelResult result = ChannelResult.Success;
        while (_pendingInTick > 0)
        {
            int group = _options.Packing ? Math.Min(_options.PackCount, _pendingInTick) : 1;
            result = SendGroup(group);
            if (result is ChannelResult.NoBuffers or ChannelResult.Closed)
                break;
            _pendingInTick -= group;
        }
        if (result == ChannelResult.NoBuffers)
            result = ChannelResult.Queued; // buffers are held by queued output: flushing frees them
        return NoteWrite(result);
    }

    /// <summary>Flushes output left queued by earlier writes.</summary>
    public ChannelResult FlushIfQueued() => _outputQueued ? NoteWrite(_channel.Flush()) : ChannelResult.Success;

    /// <summary>
    /// Spare time's writing: flushes queued output and, once the socket took all of it, sends more of this tick's
    /// burst and flushes that. Output the socket cannot take yet stays queued (the port then has the thread's loop
    /// wait for the socket to be writable).
    /// </summary>
    public ChannelResult FlushAndSendPending()
    {
        ChannelResult result = FlushIfQueued();
        if (_outputQueued || _pendingInTick == 0 || result == ChannelResult.Closed)
            return result;
        result = SendPending();
        return result == ChannelResult.Closed ? result : FlushIfQueued();
    }

    /// <summary>End of the run: what the last tick did not send is counted as out of buffers.</summary>
    public void EndTick()
    {
        if (_pendingInTick > 0)
            _stats.OutOfBuffers.Add(_pendingInTick);
        _pendingInTick = 0;
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
            _stats.MsgsSent.Increment();
            if (i == messages - 1)
                break;
            result = _channel.Pack(size, out space);
            if (result == ChannelResult.Closed)
                return result;
        }
        result = _channel.Write(size, _options.DirectWrite, out int bytesWritten);
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
            result = _channel.Flush();
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
