using System.Net.Sockets;
using Eta.Transport;

namespace PerfTools.Common.Provider;

/// <summary>
/// One provider channel as a provider thread uses it (an accepted consumer connection in ProvPerf, the connection
/// to the hub in NIProvPerf): drives the handshake, reads messages, and sends messages through transport buffers,
/// packing them (-maxPackCount messages into -packBufSize buffers) when packing is on, with direct socket writes
/// when -directWrite is set, and flushing what the transport queued (guide §11.2). Used by one provider thread; allocates nothing per message.
/// </summary>
public sealed class PublishingChannel : IMessageSink, IDisposable
{
    private readonly Channel _channel;
    private readonly PublishingOptions _options;
    private readonly PublishingStats _stats;
    private readonly WriteFlags _writeFlags;
    private TransportBuffer? _buffer;
    private int _messagesInBuffer;
    private bool _flushPending;
    private bool _moreInput;

    public PublishingChannel(Channel channel, string name, PublishingOptions options, PublishingStats stats)
    {
        _channel = channel;
        Name = name;
        _options = options;
        _stats = stats;
        _writeFlags = options.DirectWrite ? WriteFlags.DirectSocketWrite : WriteFlags.None;
    }

    public string Name { get; }

    public Socket Socket => _channel.Socket;

    public bool IsActive => _channel.State == ChannelState.Active;

    /// <summary>Input already read from the socket but not yet returned (read again without waiting).</summary>
    public bool HasBufferedInput => _moreInput;

    /// <summary>The reason logged when the consumer closed its end cleanly: a close, not a failure.</summary>
    public const string ClosedByPeerText = "the consumer closed the connection";

    /// <summary>What went wrong (or <see cref="ClosedByPeerText"/>), once something did.</summary>
    public string? FailureText { get; private set; }

    public ConnectionProgress Initialize()
    {
        TransportReturnCode rc = _channel.Init();
        if (rc == TransportReturnCode.ChanInitInProgress)
            return ConnectionProgress.InProgress;
        if (rc != TransportReturnCode.Success)
            return Fail("initialization failed");
        if (_options.HighWaterMark > 0 && _channel.IOCtl(IOCtlCode.HighWaterMark, _options.HighWaterMark) < TransportReturnCode.Success)
            return Fail("setting the high water mark failed");
        return ConnectionProgress.Active;
    }

    /// <summary>The next complete message (valid until the next call).</summary>
    public ReadOutcome Read(out ReadOnlySpan<byte> message)
    {
        message = default;
        while (true)
        {
            TransportReturnCode rc = _channel.Read(out TransportBuffer? buffer);
            if (buffer is not null)
            {
                _moreInput = rc > TransportReturnCode.Success;
                message = buffer.Contents;
                return ReadOutcome.Message;
            }
            if (rc > TransportReturnCode.Success)
                continue; // a fragment or ping was consumed and more is buffered
            _moreInput = false;
            if (rc is TransportReturnCode.ReadWouldBlock or TransportReturnCode.ReadPing or TransportReturnCode.Success)
                return ReadOutcome.NoMessage;
            if (_channel.Error.PeerClosed)
                FailureText ??= ClosedByPeerText;
            else
                Fail("connection lost");
            return ReadOutcome.Failed;
        }
    }

    public Span<byte> Reserve(int maxLength)
    {
        if (_buffer is not null && !_options.Packing)
            Cancel();
        if (_buffer is not null && _buffer.Capacity < maxLength && !WriteBuffer())
            return default;
        if (_buffer is null)
        {
            bool packed = _options.Packing;
            int size = packed ? Math.Max(_options.PackBufSize, maxLength) : maxLength;
            TransportReturnCode rc = _channel.GetBuffer(size, packed, out _buffer);
            if (_buffer is null && rc == TransportReturnCode.NoBuffers && Flush())
                _channel.GetBuffer(size, packed, out _buffer);
            if (_buffer is null)
                return default;
            _messagesInBuffer = 0;
        }
        return _buffer.Data[..Math.Min(maxLength, _buffer.Capacity)];
    }

    public bool Send(int length)
    {
        TransportBuffer buffer = _buffer ?? throw new InvalidOperationException("Send without Reserve.");
        buffer.Length = length;
        _messagesInBuffer++;
        _stats.MessagesWritten.Increment();
        if (!_options.Packing || _messagesInBuffer >= _options.MaxPackCount)
            return WriteBuffer();
        if (_channel.PackBuffer(buffer) < TransportReturnCode.Success)
        {
            Fail("packing failed");
            return false;
        }
        return true;
    }

    public void Cancel()
    {
        if (_buffer is null)
            return;
        if (_messagesInBuffer == 0)
        {
            _channel.ReleaseBuffer(_buffer);
            _buffer = null;
        }
        else
        {
            _buffer.Length = 0; // packed: keep the messages already closed in it
        }
    }

    /// <summary>End of a burst: writes a partly filled packed buffer and flushes; false when the channel failed.</summary>
    public bool EndBurst() => (_buffer is null || _messagesInBuffer == 0 || WriteBuffer()) && Flush();

    /// <summary>Passes queued data to the socket; false when the channel failed.</summary>
    public bool Flush()
    {
        if (!_flushPending)
            return true;
        TransportReturnCode rc = _channel.Flush();
        if (rc < TransportReturnCode.Success)
        {
            Fail("flush failed");
            return false;
        }
        _flushPending = rc > TransportReturnCode.Success;
        return true;
    }

    /// <summary>Sends a ping when one is due and checks the peer is still there; false when the channel failed.</summary>
    public bool CheckPings()
    {
        if (_channel.CheckPings() >= TransportReturnCode.Success)
            return true;
        Fail("ping check failed");
        return false;
    }

    private bool WriteBuffer()
    {
        TransportBuffer buffer = _buffer!;
        _buffer = null;
        _messagesInBuffer = 0;
        TransportReturnCode rc = _channel.Write(buffer, WritePriority.High, _writeFlags);
        while (rc == TransportReturnCode.WriteCallAgain)
        {
            if (_channel.Flush() < TransportReturnCode.Success)
                break;
            rc = _channel.Write(buffer, WritePriority.High, _writeFlags);
        }
        if (rc < TransportReturnCode.Success)
        {
            Fail("write failed");
            return false;
        }
        _stats.BuffersWritten.Increment();
        _flushPending |= rc > TransportReturnCode.Success;
        return true;
    }

    private ConnectionProgress Fail(string what)
    {
        FailureText ??= $"{what}: {_channel.Error}";
        return ConnectionProgress.Failed;
    }

    public void Dispose()
    {
        if (_buffer is not null && _channel.State == ChannelState.Active)
            _channel.ReleaseBuffer(_buffer);
        _buffer = null;
        _channel.Close();
    }
}
