using System.Net.Sockets;
using Eta.Codec.Json;
using Eta.Transport;
using Eta.Transport.WebSocket;
using PerfTools.Common.Lifetime;
using PerfTools.Common.Network;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Session;

namespace PerfTools.ConsPerf.Network;

/// <summary>
/// The consumer's RSSL channel, reduced to what the session needs: connect (blocking handshake), wait for data,
/// read every available message into a <see cref="MessageReceiver"/>, and send one message at a time through a
/// reserved output buffer. Transport codes stay in here; the session sees true/false and <see cref="ErrorText"/>.
/// On a tr_json2 WebSocket channel the session still reads and writes RWF: <see cref="JsonChannelPort"/> converts
/// what is read, <see cref="JsonOutbound"/> what is sent; updates, unless -addConversionOverhead, go to the
/// receiver straight from the JSON (<see cref="MessageReceiver.OnJsonUpdate"/>), as LSEG C ConsPerf reads them.
/// </summary>
internal sealed class ConsumerChannel : IConsumerOutput, IDisposable
{
    private readonly Channel _channel;
    private readonly IChannelPort _port;
    private readonly JsonChannelPort? _jsonPort;
    private readonly JsonOutbound? _jsonOut;
    private readonly ChannelLoop _loop;
    private readonly WriteArgs _writeArgs = new();
    private readonly bool _convertUpdates;
    private ChannelReader? _reader;
    private TransportBuffer? _reserved;
    private string? _failureText;

    private ConsumerChannel(Channel channel, bool busyRead, JsonFieldNames? json, bool convertUpdates)
    {
        _channel = channel;
        _convertUpdates = convertUpdates;
        _port = new TransportChannelPort(channel);
        if (json is not null && channel.ProtocolType == SubProtocols.JsonProtocolType)
        {
            _jsonPort = new JsonChannelPort(channel, _port, json);
            _jsonOut = new JsonOutbound(json);
            _port = _jsonPort;
        }
        _loop = new ChannelLoop(ChannelLoop.DefaultReadsPerSlice, busyRead);
    }

    public string ErrorText => _failureText ?? _jsonPort?.FailureText ?? _channel.Error.Text;

    // How long each readiness wait of the handshake lasts, so a stop request is seen promptly.
    private const int HandshakePollMicroseconds = 10_000;

    /// <summary>
    /// Connects and completes the handshake; null with <paramref name="error"/> when the provider is not there (or
    /// <paramref name="stop"/> fired meanwhile).
    /// </summary>
    /// <param name="failures">Told where the attempt stood when <paramref name="stop"/> ended it (then <paramref name="error"/> is null).</param>
    public static ConsumerChannel? TryConnect(ConsPerfOptions o, CancellationToken stop, out string? error, JsonFieldNames? json = null,
        ConnectFailures? failures = null)
    {
        Channel? channel = Eta.Transport.Transport.Connect(o.ToConnectOptions(), out TransportError? failure);
        if (channel is null)
        {
            error = failure?.Text ?? "unknown transport failure";
            return null;
        }
        if (!CompleteHandshake(channel, stop, out error))
        {
            if (error is null)
                failures?.RecordUnfinished(channel.PendingHandshake);
            channel.Close();
            return null;
        }
        if (channel.IOCtl(IOCtlCode.MaxNumBuffers, o.EffectiveMaxOutputBuffers) < TransportReturnCode.Success
            || (o.HighWaterMark > 0 && channel.IOCtl(IOCtlCode.HighWaterMark, o.HighWaterMark) < TransportReturnCode.Success))
        {
            error = channel.Error.Text;
            channel.Close();
            return null;
        }
        error = null;
        return Over(channel, o, json);
    }

    /// <summary>The consumer's side of a channel already active (what <see cref="TryConnect"/> builds; tests use it on a loopback pair).</summary>
    internal static ConsumerChannel Over(Channel channel, ConsPerfOptions o, JsonFieldNames? json) =>
        new(channel, o.BusyRead, json, o.AddConversionOverhead);

    private static bool CompleteHandshake(Channel channel, CancellationToken stop, out string? error)
    {
        var progress = new InProgressInfo();
        while (!stop.IsCancellationRequested)
        {
            TransportReturnCode rc = channel.Init(progress);
            if (rc == TransportReturnCode.Success)
            {
                error = null;
                return true;
            }
            if (rc != TransportReturnCode.ChanInitInProgress)
            {
                error = channel.Error.Text;
                return false;
            }
            try
            {
                channel.Socket.Poll(HandshakePollMicroseconds, SelectMode.SelectRead);
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException)
            {
                // Init reports what happened to the socket.
            }
        }
        error = null; // stopped: not a failure of the attempt
        return false;
    }

    /// <summary>The longest wait for input the last <see cref="ReadSome"/> was allowed (the session's choice, see SpareTimeWait).</summary>
    internal TimeSpan LastWaitLimit { get; private set; }

    /// <summary>
    /// Waits up to <paramref name="timeout"/> for input (not at all with -busyRead, or when input is already buffered),
    /// then reads one bounded slice into <paramref name="receiver"/>. False: the connection failed.
    /// </summary>
    public bool ReadSome(TimeSpan timeout, MessageReceiver receiver)
    {
        LastWaitLimit = timeout;
        if (_reader is null)
        {
            _reader = new ChannelReader(_port, receiver);
            if (_jsonPort is not null && !_convertUpdates)
                _jsonPort.UpdateHandler = receiver;
            _loop.Add(_reader);
        }
        _loop.Pump(timeout);
        return _reader.LastOutcome != ReadSliceOutcome.Failed;
    }

    /// <summary>
    /// An output buffer's space for one message of at most <paramref name="maxLength"/> bytes; empty when no buffer is
    /// free right now. Follow with <see cref="Send"/> or <see cref="Cancel"/>.
    /// </summary>
    public Span<byte> Reserve(int maxLength)
    {
        if (_jsonOut is not null)
        {
            // The output buffer is taken now, sized for the JSON the message can become (LSEG's converter's own
            // estimate), so that running out of buffers means "later", as for RWF, not a failed send.
            if (_channel.GetBuffer(JsonOutbound.EstimatedJsonLength(maxLength), packed: false, out TransportBuffer? jsonBuffer) != TransportReturnCode.Success
                || jsonBuffer is null)
                return Span<byte>.Empty;
            _reserved = jsonBuffer;
            return _jsonOut.Reserve(maxLength);
        }
        if (_channel.GetBuffer(maxLength, packed: false, out TransportBuffer? buffer) != TransportReturnCode.Success || buffer is null)
            return Span<byte>.Empty;
        _reserved = buffer;
        return buffer.Data[..maxLength];
    }

    /// <summary>Writes the first <paramref name="length"/> bytes of the reserved space. False: the connection failed.</summary>
    public bool Send(int length)
    {
        if (_jsonOut is not null && !ConvertIntoReserved(length))
            return false;
        TransportBuffer buffer = _reserved ?? throw new InvalidOperationException("Send without Reserve.");
        _reserved = null;
        buffer.Length = _jsonOut is null ? length : buffer.Length;
        switch (WriteRetry.Write(_port, buffer, _writeArgs))
        {
            case WriteOutcome.Done or WriteOutcome.Queued:
                return true;
            case WriteOutcome.CallAgain:
                // Part of a fragmented message may be out: the stream cannot continue without the rest.
                _failureText = $"Write: no output buffer for the rest of a fragmented message after {WriteRetry.MaxRetries} flushes (raise -outputBufs)";
                return false;
            default:
                return false;
        }
    }

    // The RWF message just encoded, converted into the output buffer taken by Reserve (then sent as any message).
    private bool ConvertIntoReserved(int length)
    {
        if (!_jsonOut!.Convert(length, out ReadOnlySpan<byte> json))
        {
            _failureText = $"a message does not convert to JSON ({_jsonOut.LastError})";
            return false;
        }
        TransportBuffer buffer = _reserved ?? throw new InvalidOperationException("Send without Reserve.");
        if (buffer.Capacity < json.Length)
        {
            // Larger than estimated (rare): a buffer of its size.
            _channel.ReleaseBuffer(buffer);
            _reserved = null;
            if (_channel.GetBuffer(json.Length, packed: false, out TransportBuffer? larger) != TransportReturnCode.Success || larger is null)
            {
                _failureText ??= $"no output buffer for a {json.Length}-byte JSON message (raise -outputBufs)";
                return false;
            }
            buffer = larger;
        }
        json.CopyTo(buffer.Data);
        buffer.Length = json.Length;
        _reserved = buffer;
        return true;
    }

    public void Cancel()
    {
        if (_reserved is not null)
            _channel.ReleaseBuffer(_reserved);
        _reserved = null;
    }

    /// <summary>Sends what is queued. False: the connection failed.</summary>
    public bool Flush()
    {
        WriteOutcome outcome = WriteRetry.Flush(_port);
        HasPendingOutput = outcome == WriteOutcome.Queued;
        return outcome != WriteOutcome.Failed;
    }

    /// <summary>True when the last <see cref="Flush"/> left bytes the socket did not take yet.</summary>
    public bool HasPendingOutput { get; private set; }

    /// <summary>Sends a ping when one is due and checks that the provider is still alive. False: it is not.</summary>
    public bool CheckPings() => _channel.CheckPings() >= TransportReturnCode.Success;

    /// <summary>Closes so that the provider sees an orderly close, not a reset (see <see cref="Channel.Close"/>).</summary>
    public void Dispose() => _channel.Close();
}
