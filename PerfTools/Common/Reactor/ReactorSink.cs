using Eta.Transport;
using Eta.ValueAdd;
using PerfTools.Common.Provider;

namespace PerfTools.Common.Reactor;

/// <summary>
/// A provider session's messages (ProvPerf and NIProvPerf in <c>-reactor</c> mode) going out through a reactor
/// channel: one buffer per message, or with <c>-maxPackCount</c> several messages packed into one buffer that is submitted when full or at the end of each burst. The reactor's
/// dispatch flushes what the socket did not take.
/// </summary>
public sealed class ReactorSink : IMessageSink
{
    private readonly ReactorChannel _channel;
    private readonly PublishingOptions _options;
    private readonly PublishingStats _stats;
    private readonly WriteFlags _writeFlags;
    private readonly int _maxFragmentSize;
    private TransportBuffer? _buffer;
    private int _messagesInBuffer;
    private bool _bufferPacked;

    public ReactorSink(ReactorChannel channel, PublishingOptions options, PublishingStats stats)
    {
        _channel = channel;
        _options = options;
        _stats = stats;
        _writeFlags = options.DirectWrite ? WriteFlags.DirectSocketWrite : WriteFlags.None;
        _maxFragmentSize = channel.Channel?.Info?.MaxFragmentSize ?? int.MaxValue;
    }

    public Span<byte> Reserve(int maxLength)
    {
        if (_buffer is not null && !_bufferPacked)
            Cancel();
        if (_buffer is not null && _buffer.Capacity < maxLength && !SubmitBuffer())
            return default;
        if (_buffer is null)
        {
            int size = _options.BufferSize(maxLength, _maxFragmentSize, out bool packed);
            if (_channel.GetBuffer(size, packed, out _buffer) != ReactorReturnCode.Success || _buffer is null)
                return default; // out of buffers: the reactor flushes on its next dispatch
            _messagesInBuffer = 0;
            _bufferPacked = packed;
        }
        return _buffer.Data[..Math.Min(maxLength, _buffer.Capacity)];
    }

    public bool Send(int length)
    {
        TransportBuffer buffer = _buffer ?? throw new InvalidOperationException("Send without Reserve.");
        buffer.Length = length;
        _messagesInBuffer++;
        _stats.MessagesWritten.Increment();
        if (!_bufferPacked || _messagesInBuffer >= _options.MaxPackCount)
            return SubmitBuffer();
        return _channel.PackBuffer(buffer) >= 0;
    }

    public void Cancel()
    {
        if (_buffer is null)
            return;
        if (_messagesInBuffer == 0)
        {
            _channel.Channel?.ReleaseBuffer(_buffer);
            _buffer = null;
        }
        else
        {
            _buffer.Length = 0; // packed: keep the messages already closed in it
        }
    }

    /// <summary>Submits a partly filled packed buffer at the end of a burst. False: the channel failed.</summary>
    public bool EndBurst() => _buffer is null || _messagesInBuffer == 0 || SubmitBuffer();

    private bool SubmitBuffer()
    {
        TransportBuffer buffer = _buffer!;
        _buffer = null;
        _messagesInBuffer = 0;
        ReactorReturnCode rc = _channel.Submit(buffer, _writeFlags);
        while (rc == ReactorReturnCode.WriteCallAgain)
        {
            if (_channel.Channel is not { } transport || transport.Flush() < TransportReturnCode.Success)
                return false;
            rc = _channel.Submit(buffer, _writeFlags);
        }
        if (rc != ReactorReturnCode.Success)
            return false;
        _stats.BuffersWritten.Increment();
        return true;
    }
}
