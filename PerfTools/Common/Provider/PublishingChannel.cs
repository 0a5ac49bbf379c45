using System.Diagnostics;
using Eta.Transport;
using PerfTools.Common.Network;

namespace PerfTools.Common.Provider;

/// <summary>
/// One provider channel as a provider thread uses it (an accepted consumer connection in ProvPerf, the connection
/// to the hub in NIProvPerf): drives the handshake, reads messages, and sends messages through transport buffers,
/// packing them (-maxPackCount messages into -packBufSize buffers) when packing is on, with direct socket writes
/// when -directWrite is set, and flushing what the transport queued (guide §11.2). Reading is the thread's
/// <see cref="ChannelLoop"/>'s, through <see cref="Port"/>; writes follow <see cref="WriteRetry"/>'s contract.
/// Used by one provider thread; allocates nothing per message.
/// </summary>
public sealed class PublishingChannel : IMessageSink, IDisposable
{
    private readonly Channel _channel;
    private readonly TransportChannelPort _port;
    private readonly PublishingOptions _options;
    private readonly PublishingStats _stats;
    private readonly WriteArgs _writeArgs;
    private TransportBuffer? _buffer;
    // A fragmented message the transport could not take whole (WriteRetry's CallAgain): written again before anything else.
    private TransportBuffer? _unfinished;
    private int _messagesInBuffer;
    private bool _bufferPacked;
    private int _maxFragmentSize = int.MaxValue; // the channel's max fragment size, once it is active
    private bool _flushPending;
    private long _stalledSince; // Stopwatch ticks when output was first refused, 0 while it is taken

    public PublishingChannel(Channel channel, string name, PublishingOptions options, PublishingStats stats)
    {
        _channel = channel;
        _port = new TransportChannelPort(channel);
        Name = name;
        _options = options;
        _stats = stats;
        _writeArgs = new WriteArgs { Priority = WritePriority.High, Flags = options.DirectWrite ? WriteFlags.DirectSocketWrite : WriteFlags.None };
    }

    public string Name { get; }

    /// <summary>The channel as the thread's <see cref="ChannelLoop"/> reads it (only once <see cref="IsActive"/>).</summary>
    public IChannelPort Port => _port;

    /// <summary>The socket to wait on while the handshake runs.</summary>
    public System.Net.Sockets.Socket Socket => _channel.Socket;

    public bool IsActive => _channel.State == ChannelState.Active;

    /// <summary>The reason logged when the consumer closed its end cleanly: a close, not a failure.</summary>
    public const string ClosedByPeerText = "the consumer closed the connection";

    /// <summary>What went wrong (or <see cref="ClosedByPeerText"/>), once something did.</summary>
    public string? FailureText { get; private set; }

    /// <summary>Steps the handshake; a channel whose handshake already completed elsewhere (ProvPerf's accepting thread) only gets its settings.</summary>
    public ConnectionProgress Initialize()
    {
        TransportReturnCode rc = _channel.State == ChannelState.Active ? TransportReturnCode.Success : _channel.Init();
        if (rc == TransportReturnCode.ChanInitInProgress)
            return ConnectionProgress.InProgress;
        if (rc != TransportReturnCode.Success)
            return Fail("initialization failed");
        if (_options.HighWaterMark > 0 && _channel.IOCtl(IOCtlCode.HighWaterMark, _options.HighWaterMark) < TransportReturnCode.Success)
            return Fail("setting the high water mark failed");
        _maxFragmentSize = _channel.Info?.MaxFragmentSize ?? int.MaxValue;
        return ConnectionProgress.Active;
    }

    /// <summary>A read slice ended <see cref="ReadSliceOutcome.Failed"/>: records why (a clean close by the peer, or the error).</summary>
    public string ReadFailed()
    {
        if (_channel.Error.PeerClosed)
            FailureText ??= ClosedByPeerText;
        else
            Fail("connection lost");
        return FailureText!;
    }

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
            int size = _options.BufferSize(maxLength, _maxFragmentSize, out bool packed);
            TransportReturnCode rc = _channel.GetBuffer(size, packed, out _buffer);
            if (_buffer is null && rc == TransportReturnCode.NoBuffers && Flush())
                _channel.GetBuffer(size, packed, out _buffer);
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

    public bool Send(int length)
    {
        TransportBuffer buffer = _buffer ?? throw new InvalidOperationException("Send without Reserve.");
        buffer.Length = length;
        _messagesInBuffer++;
        _stats.MessagesWritten.Increment();
        if (!_bufferPacked || _messagesInBuffer >= _options.MaxPackCount)
            return WriteCurrent();
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
    public bool EndBurst() => (_buffer is null || _messagesInBuffer == 0 || WriteCurrent()) && Flush();

    /// <summary>Passes queued data to the socket; false when the channel failed.</summary>
    public bool Flush()
    {
        if (_unfinished is not null && !WriteBuffer(_unfinished))
            return false;
        if (!_flushPending)
            return true;
        WriteOutcome outcome = WriteRetry.Flush(_port);
        if (outcome == WriteOutcome.Failed)
        {
            Fail("flush failed");
            return false;
        }
        _flushPending = outcome == WriteOutcome.Queued;
        if (!_flushPending)
            _stalledSince = 0;
        return true;
    }

    /// <summary>
    /// True when the channel has refused output (no buffer to be had, or a write that could not complete) without
    /// a break for longer than the stall timeout: the consumer stopped reading. Sets <see cref="FailureText"/>.
    /// </summary>
    public bool IsStalled(long nowTicks)
    {
        if (_stalledSince == 0)
            return false;
        double seconds = (nowTicks - _stalledSince) / (double)Stopwatch.Frequency;
        if (seconds <= _options.StallTimeoutSeconds)
            return false;
        FailureText ??= $"the consumer stopped reading (output full for {seconds:F0} s, {_channel.PendingBytes} bytes queued)";
        return true;
    }

    private void MarkStalled()
    {
        if (_stalledSince == 0)
            _stalledSince = Stopwatch.GetTimestamp();
    }

    /// <summary>Sends a ping when one is due and checks the peer is still there; false when the channel failed.</summary>
    public bool CheckPings()
    {
        if (_channel.CheckPings() >= TransportReturnCode.Success)
            return true;
        Fail("ping check failed");
        return false;
    }

    private bool WriteCurrent()
    {
        TransportBuffer buffer = _buffer!;
        _buffer = null;
        _messagesInBuffer = 0;
        return WriteBuffer(buffer);
    }

    // False only when the channel failed. A fragmented message still short of buffers after WriteRetry's bounded
    // retries is kept as unfinished (the consumer is not reading): the stall timeout closes the channel if it stays so.
    private bool WriteBuffer(TransportBuffer buffer)
    {
        switch (WriteRetry.Write(_port, buffer, _writeArgs))
        {
            case WriteOutcome.CallAgain:
                _unfinished = buffer;
                _flushPending = true;
                MarkStalled();
                return true;
            case WriteOutcome.Failed:
                _unfinished = null;
                Fail("write failed");
                return false;
            case WriteOutcome.Queued:
                _flushPending = true;
                break;
        }
        if (ReferenceEquals(buffer, _unfinished))
            _unfinished = null;
        _stats.BuffersWritten.Increment();
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
