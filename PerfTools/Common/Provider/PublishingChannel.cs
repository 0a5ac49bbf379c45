using Eta.Transport;
using PerfTools.Common.Network;

namespace PerfTools.Common.Provider;

/// <summary>
/// One provider channel as a provider thread uses it (an accepted consumer connection in ProvPerf, the connection
/// to the hub in NIProvPerf): drives the handshake, reads messages, and sends messages through transport buffers
/// (<see cref="OutboundBuffers"/>: packing, fragments, stalls), with direct socket writes when -directWrite is set,
/// flushing what the transport queued (guide §11.2). Reading is the thread's <see cref="ChannelLoop"/>'s, through
/// <see cref="Port"/>. Used by one provider thread; allocates nothing per message.
/// </summary>
public sealed class PublishingChannel : IMessageSink, IOutboundChannel, IDisposable
{
    private readonly Channel _channel;
    private readonly TransportChannelPort _port;
    private readonly PublishingOptions _options;
    private readonly WriteArgs _writeArgs;
    private readonly OutboundBuffers _out;
    private int _maxFragmentSize = int.MaxValue; // the channel's max fragment size, once it is active

    public PublishingChannel(Channel channel, string name, PublishingOptions options, PublishingStats stats)
    {
        _channel = channel;
        // A refused flush makes the thread's loop wake when the socket has room; the thread flushes after every pump.
        _port = new TransportChannelPort(channel, waitForWritable: true);
        Name = name;
        _options = options;
        _writeArgs = new WriteArgs { Priority = WritePriority.High, Flags = options.DirectWrite ? WriteFlags.DirectSocketWrite : WriteFlags.None };
        _out = new OutboundBuffers(this, options, stats);
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
        if (_channel.IOCtl(IOCtlCode.HighWaterMark, _options.EffectiveHighWaterMark) < TransportReturnCode.Success)
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

    public Span<byte> Reserve(int maxLength) => _out.Reserve(maxLength);

    public bool Send(int length) => _out.Send(length);

    public void Cancel() => _out.Cancel();

    /// <summary>End of a burst: writes a partly filled packed buffer and flushes; false when the channel failed.</summary>
    public bool EndBurst() => _out.EndBurst();

    /// <summary>Passes queued data to the socket; false when the channel failed.</summary>
    public bool Flush() => _out.Flush();

    /// <summary>
    /// True when the channel has refused output (no buffer to be had, or a write that could not complete) without
    /// a break for longer than the stall timeout: the consumer stopped reading. Sets <see cref="FailureText"/>.
    /// </summary>
    public bool IsStalled(long nowTicks)
    {
        double seconds = _out.StalledSeconds(nowTicks);
        if (seconds <= _options.StallTimeoutSeconds)
            return false;
        FailureText ??= $"the consumer stopped reading (output full for {seconds:F0} s, {_channel.PendingBytes} bytes queued)";
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

    int IOutboundChannel.MaxFragmentSize => _maxFragmentSize;

    // Out of buffers: a flush may free some (frames leaving the queues give theirs back).
    TransportBuffer? IOutboundChannel.GetBuffer(int size, bool packed)
    {
        TransportReturnCode rc = _channel.GetBuffer(size, packed, out TransportBuffer? buffer);
        if (buffer is null && rc == TransportReturnCode.NoBuffers && _out.Flush())
            _channel.GetBuffer(size, packed, out buffer);
        return buffer;
    }

    bool IOutboundChannel.Pack(TransportBuffer buffer)
    {
        if (_channel.PackBuffer(buffer) >= TransportReturnCode.Success)
            return true;
        Fail("packing failed");
        return false;
    }

    WriteOutcome IOutboundChannel.Write(TransportBuffer buffer) =>
        Noted(WriteRetry.Classify(_port.Write(buffer, _writeArgs)), "write failed");

    WriteOutcome IOutboundChannel.Flush() => Noted(WriteRetry.Flush(_port), "flush failed");

    void IOutboundChannel.Release(TransportBuffer buffer) => _channel.ReleaseBuffer(buffer);

    private WriteOutcome Noted(WriteOutcome outcome, string what)
    {
        if (outcome == WriteOutcome.Failed)
            Fail(what);
        return outcome;
    }

    private ConnectionProgress Fail(string what)
    {
        FailureText ??= $"{what}: {_channel.Error}";
        return ConnectionProgress.Failed;
    }

    public void Dispose()
    {
        if (_channel.State == ChannelState.Active)
            _out.ReleaseHeld();
        _channel.Close();
    }
}
