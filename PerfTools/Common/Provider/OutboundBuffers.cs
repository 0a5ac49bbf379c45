using System.Diagnostics;
using Eta.Transport;
using PerfTools.Common.Network;

namespace PerfTools.Common.Provider;

/// <summary>
/// The one stall and fragment contract of the provider sinks (direct and <c>-reactor</c>): one buffer per message,
/// or packed (<c>-maxPackCount</c> messages into <c>-packBufSize</c> buffers, cut to the max fragment size; a message
/// too large for a packed buffer goes out alone and the transport fragments it); a write that returns
/// <c>WriteCallAgain</c> is flushed and retried at most <see cref="WriteRetry.MaxRetries"/> times, then kept and
/// written again before anything else; output refused (no buffer, or a fragmented write still short of buffers)
/// is timed so a channel whose consumer stopped reading can be given up (<see cref="StalledSeconds"/>).
/// Used by one thread; allocates nothing per message.
/// </summary>
public sealed class OutboundBuffers
{
    private readonly IOutboundChannel _channel;
    private readonly PublishingOptions _options;
    private readonly PublishingStats _stats;
    private TransportBuffer? _buffer;
    // A fragmented message the transport could not take whole (CallAgain): written again before anything else.
    private TransportBuffer? _unfinished;
    private int _messagesInBuffer;
    private bool _bufferPacked;
    private bool _flushPending;
    private long _stalledSince; // Stopwatch ticks when output was first refused, 0 while it is taken

    public OutboundBuffers(IOutboundChannel channel, PublishingOptions options, PublishingStats stats)
    {
        _channel = channel;
        _options = options;
        _stats = stats;
    }

    /// <summary>
    /// Messages sent whose bytes the transport has not written to the socket yet (queued under the high-water mark,
    /// or in a packed buffer still filling); 0 right after a write or flush that left nothing queued.
    /// </summary>
    public int UnwrittenMessages { get; private set; }

    /// <summary>Space for one message (<see cref="IMessageSink.Reserve"/>); empty while output is refused.</summary>
    public Span<byte> Reserve(int maxLength)
    {
        if (_unfinished is not null && (!WriteBuffer(_unfinished) || _unfinished is not null))
            return default;
        if (_buffer is not null && !_bufferPacked)
            Cancel();
        if (_buffer is not null && _buffer.Capacity < maxLength && !WriteCurrent())
            return default;
        if (_buffer is null)
        {
            int size = _options.BufferSize(maxLength, _channel.MaxFragmentSize, out bool packed);
            _buffer = _channel.GetBuffer(size, packed);
            if (_buffer is null)
            {
                MarkStalled();
                return default;
            }
            _stalledSince = 0;
            _messagesInBuffer = 0;
            _bufferPacked = packed;
        }
        return _buffer.Data[..Math.Min(maxLength, _buffer.Capacity)];
    }

    /// <summary>Sends the reserved message (<see cref="IMessageSink.Send"/>); false when the channel failed.</summary>
    public bool Send(int length)
    {
        TransportBuffer buffer = _buffer ?? throw new InvalidOperationException("Send without Reserve.");
        buffer.Length = length;
        _messagesInBuffer++;
        UnwrittenMessages++;
        _stats.MessagesWritten.Increment();
        if (!_bufferPacked || _messagesInBuffer >= _options.MaxPackCount)
            return WriteCurrent();
        return _channel.Pack(buffer);
    }

    /// <summary>Gives back the reserved space (<see cref="IMessageSink.Cancel"/>).</summary>
    public void Cancel()
    {
        if (_buffer is null)
            return;
        if (_messagesInBuffer == 0)
        {
            _channel.Release(_buffer);
            _buffer = null;
        }
        else
        {
            _buffer.Length = 0; // packed: keep the messages already closed in it
        }
    }

    /// <summary>End of a burst: writes a partly filled packed buffer and flushes; false when the channel failed.</summary>
    public bool EndBurst() => (_buffer is null || _messagesInBuffer == 0 || WriteCurrent()) && Flush();

    /// <summary>Writes an unfinished message and passes queued data to the socket; false when the channel failed.</summary>
    public bool Flush()
    {
        if (_unfinished is not null && !WriteBuffer(_unfinished))
            return false;
        if (!_flushPending)
            return true;
        WriteOutcome outcome = _channel.Flush();
        if (outcome == WriteOutcome.Failed)
            return false;
        _flushPending = outcome == WriteOutcome.Queued;
        if (!_flushPending)
        {
            _stalledSince = 0;
            if (_buffer is null || _messagesInBuffer == 0)
                UnwrittenMessages = 0;
        }
        return true;
    }

    /// <summary>How long output has been refused without a break at <paramref name="nowTicks"/> (0 while it is taken).</summary>
    public double StalledSeconds(long nowTicks) =>
        _stalledSince == 0 ? 0 : (nowTicks - _stalledSince) / (double)Stopwatch.Frequency;

    /// <summary>The buffer still held (not yet written), released into the channel; for closing it.</summary>
    public void ReleaseHeld()
    {
        if (_buffer is not null)
            _channel.Release(_buffer);
        _buffer = null;
    }

    private void MarkStalled()
    {
        if (_stalledSince == 0)
            _stalledSince = Stopwatch.GetTimestamp();
    }

    private bool WriteCurrent()
    {
        TransportBuffer buffer = _buffer!;
        _buffer = null;
        _messagesInBuffer = 0;
        return WriteBuffer(buffer);
    }

    // False only when the channel failed. A fragmented message still short of buffers after the bounded retries is
    // kept as unfinished (the consumer is not reading): the stall timeout closes the channel if it stays so.
    private bool WriteBuffer(TransportBuffer buffer)
    {
        switch (WriteWithRetries(buffer))
        {
            case WriteOutcome.CallAgain:
                _unfinished = buffer;
                _flushPending = true;
                MarkStalled();
                return true;
            case WriteOutcome.Failed:
                _unfinished = null;
                return false;
            case WriteOutcome.Queued:
                _flushPending = true;
                break;
            case WriteOutcome.Done:
                UnwrittenMessages = _buffer is null ? 0 : _messagesInBuffer;
                break;
        }
        if (ReferenceEquals(buffer, _unfinished))
            _unfinished = null;
        _stats.BuffersWritten.Increment();
        return true;
    }

    private WriteOutcome WriteWithRetries(TransportBuffer buffer)
    {
        WriteOutcome outcome = _channel.Write(buffer);
        for (int retry = 0; outcome == WriteOutcome.CallAgain && retry < WriteRetry.MaxRetries; retry++)
        {
            if (_channel.Flush() == WriteOutcome.Failed)
                return WriteOutcome.Failed;
            outcome = _channel.Write(buffer);
        }
        return outcome;
    }
}
