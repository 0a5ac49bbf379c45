using Eta.Codec.Json;
using Eta.Transport;
using Eta.Transport.WebSocket;
using PerfTools.Common.Network;

namespace PerfTools.Common.Provider;

/// <summary>
/// One provider channel as a provider thread uses it (an accepted consumer connection in ProvPerf, the connection
/// to the hub in NIProvPerf): drives the handshake, reads messages, and sends messages through transport buffers
/// (<see cref="OutboundBuffers"/>: packing, fragments, stalls), with direct socket writes when -directWrite is set,
/// flushing what the transport queued (guide §11.2). Reading is the thread's <see cref="ChannelLoop"/>'s, through
/// <see cref="Port"/>. On a WebSocket channel whose sub-protocol is tr_json2 the messages are still encoded and read
/// as RWF: <see cref="JsonChannelPort"/> converts what is read and <see cref="JsonOutbound"/> what is sent.
/// Used by one provider thread; allocates nothing per message.
/// </summary>
public sealed class PublishingChannel : IMessageSink, IOutboundChannel, IDisposable
{
    private readonly string _peer;
    private readonly Channel _channel;
    private readonly IChannelPort _port;
    private readonly JsonChannelPort? _jsonPort;
    private readonly JsonOutbound? _jsonOut;
    private byte[]? _pendingJson; // a converted message no output buffer could take yet: sent before the next
    private int _pendingLength;
    private readonly PublishingOptions _options;
    private readonly WriteArgs _writeArgs;
    private readonly OutboundBuffers _out;
    private int _maxFragmentSize = int.MaxValue; // the channel's max fragment size, once it is active

    /// <param name="json">The dictionary's field names, for tr_json2 channels (null: RWF only).</param>
    /// <param name="peer">What the other end is, for the close line: "consumer" (ProvPerf), "hub" (NIProvPerf's ADH).</param>
    public PublishingChannel(Channel channel, string name, PublishingOptions options, PublishingStats stats, JsonFieldNames? json = null,
        string peer = "consumer")
    {
        _channel = channel;
        _peer = peer;
        // A refused flush makes the thread's loop wake when the socket has room; the thread flushes after every pump.
        var port = new TransportChannelPort(channel, waitForWritable: true);
        _port = port;
        if (json is not null)
        {
            _jsonPort = new JsonChannelPort(channel, port, json);
            _jsonOut = new JsonOutbound(json);
            _port = _jsonPort;
        }
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

    /// <summary>The reason logged when the <paramref name="peer"/> closed its end cleanly: a close, not a failure.</summary>
    public static string ClosedByPeerText(string peer) => $"the {peer} closed the connection";

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
        if (_jsonPort?.FailureText is { } json)
            FailureText ??= json;
        else if (_channel.Error.PeerClosed)
            FailureText ??= ClosedByPeerText(_peer);
        else
            Fail("connection lost");
        return FailureText!;
    }

    private bool IsJson => _jsonOut is not null && _channel.ProtocolType == SubProtocols.JsonProtocolType;

    public Span<byte> Reserve(int maxLength)
    {
        if (!IsJson)
            return _out.Reserve(maxLength);
        return SendPendingJson() && _pendingLength == 0 ? _jsonOut!.Reserve(maxLength) : default;
    }

    public bool Send(int length)
    {
        if (!IsJson)
            return _out.Send(length);
        if (!_jsonOut!.Convert(length, out ReadOnlySpan<byte> json))
        {
            Fail($"a message does not convert to JSON ({_jsonOut.LastError})");
            return false;
        }
        Span<byte> space = _out.Reserve(json.Length);
        if (space.IsEmpty)
        {
            // No output buffer now: the message is taken and goes before the next one.
            if (_pendingJson is null || _pendingJson.Length < json.Length)
                _pendingJson = new byte[Math.Max(json.Length, 4096)];
            json.CopyTo(_pendingJson);
            _pendingLength = json.Length;
            return true;
        }
        json.CopyTo(space);
        return _out.Send(json.Length);
    }

    // False when the channel failed; a message still waiting stays in _pendingJson.
    private bool SendPendingJson()
    {
        if (_pendingJson is null || _pendingLength == 0)
        {
            _pendingLength = 0;
            return true;
        }
        Span<byte> space = _out.Reserve(_pendingLength);
        if (space.IsEmpty)
            return true;
        _pendingJson.AsSpan(0, _pendingLength).CopyTo(space);
        int length = _pendingLength;
        _pendingLength = 0;
        return _out.Send(length);
    }

    public void Cancel()
    {
        if (!IsJson)
            _out.Cancel();
    }

    public int UnwrittenMessages => IsJson ? 0 : _out.UnwrittenMessages;

    public int UnsentBytes => _channel.PendingBytes;

    /// <summary>End of a burst: writes a partly filled packed buffer and flushes; false when the channel failed.</summary>
    public bool EndBurst() => (!IsJson || SendPendingJson()) && _out.EndBurst();

    /// <summary>Passes queued data to the socket; false when the channel failed.</summary>
    public bool Flush() => (!IsJson || SendPendingJson()) && _out.Flush();

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
