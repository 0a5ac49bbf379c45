using System.Diagnostics.CodeAnalysis;
using System.Net.Sockets;
using Eta.Transport.Buffers;
using Eta.Transport.Compression;
using Eta.Transport.Handshake;
using Eta.Transport.Io;
using Eta.Transport.Reading;
using Eta.Transport.Writing;
using Eta.Transport.Wiring;

namespace Eta.Transport;

/// <summary>
/// One RSSL connection (client or server side). Lifecycle: <see cref="Init"/> until
/// <see cref="ChannelState.Active"/>, then <see cref="Read(out TransportBuffer?)"/>,
/// <see cref="GetBuffer"/> + <see cref="Write(TransportBuffer, WritePriority, WriteFlags)"/> + <see cref="Flush"/>,
/// <see cref="CheckPings"/> periodically, and <see cref="Close"/>. Hot-path calls return codes; failures
/// move the channel to <see cref="ChannelState.Closed"/> and describe themselves in <see cref="Error"/>.
/// Watch <see cref="Socket"/> for readiness (it can change during Init: see <see cref="InProgressInfo"/>).
/// </summary>
public sealed class Channel
{
    private const int HandshakeInputSize = 8 * 1024;
    private const int PoolSlack = RipcLimits.HeaderLength + RipcLimits.PackedLengthSize + 64;

    private readonly ChannelGate _writeGate;
    private readonly ChannelGate _readGate;
    private readonly ConnectOptions? _connectOptions;
    private readonly BindOptions? _bindOptions;
    private readonly Server? _server;
    private readonly ReadArgs _scratchReadArgs = new();
    private readonly bool _blocking;
    private InputBuffer _input;
    private ClientHandshake? _clientHandshake;
    private ServerHandshake? _serverHandshake;
    private IChannelStream? _stream;
    private Socket? _socket;
    private FrameReader? _reader;
    private ChannelWriter? _writer;
    private ICompressor? _outCompressor;
    private ICompressor? _inCompressor;
    private NegotiatedSession? _session;
    private long _initDeadline;
    private int _initTimeoutSeconds;
    private long _lastSendTicks;
    private long _lastPingTicks;
    private long _lastReceiveTicks;
    /// <summary>The error that closed the channel, repeated by later calls.</summary>
    private string? _closeReason;

    private Channel(bool locking, ConnectOptions? connect, BindOptions? bind, Server? server, InputBuffer input)
    {
        _writeGate = new ChannelGate(locking);
        _readGate = new ChannelGate(locking);
        _connectOptions = connect;
        _bindOptions = bind;
        _server = server;
        _blocking = connect?.Blocking ?? bind!.ChannelsBlocking;
        _input = input;
        StartInitClock(connect?.InitializationTimeout ?? bind!.InitializationTimeout);
        State = ChannelState.Initializing;
    }

    public ChannelState State { get; private set; }

    /// <summary>
    /// While this client's handshake is in progress, where it stands, as a clause ("had no TCP connection to h:p yet
    /// ...", "was connected, and the server had sent nothing in answer to its ConnectReq ..."), for a caller that gives
    /// up on it; null otherwise.
    /// </summary>
    public string? PendingHandshake => State == ChannelState.Initializing ? _clientHandshake?.Waiting : null;

    /// <summary>The socket to watch for readiness.</summary>
    public Socket Socket => _socket ?? throw new InvalidOperationException("The channel has no socket.");

    /// <summary>The socket replaced by the last RIPC version fallback, to remove from readiness sets.</summary>
    public Socket? OldSocket { get; private set; }

    /// <summary>Details of the last failure.</summary>
    public TransportError Error { get; } = new();

    public ConnectionType ConnectionType => _connectOptions?.ConnectionType ?? _bindOptions!.ConnectionType;

    /// <summary>True for a channel accepted by a <see cref="Transport.Bind"/> server.</summary>
    public bool IsServerSide => _server is not null;

    /// <summary>Negotiated ping timeout in seconds (0 before the channel is active).</summary>
    public int PingTimeout => _session?.PingTimeout ?? 0;

    public int MajorVersion => _session?.MajorVersion ?? 0;

    public int MinorVersion => _session?.MinorVersion ?? 0;

    /// <summary>
    /// The protocol of the messages: RWF (0, LSEG's <c>RSSL_RWF_PROTOCOL_TYPE</c>) or, on a WebSocket channel whose
    /// sub-protocol is tr_json2, JSON (2, <c>RSSL_JSON_PROTOCOL_TYPE</c>): each read buffer then holds one WebSocket
    /// text message and each written buffer goes out as one (see <see cref="WebSocket.SubProtocols"/>).
    /// </summary>
    public int ProtocolType => _session?.ProtocolType ?? 0;

    /// <summary>The negotiated WebSocket sub-protocol (<c>rssl.rwf</c>, <c>tr_json2</c>, ...); null unless a WebSocket channel is active.</summary>
    public string? WebSocketProtocol => _session?.WebSocketProtocol;

    public object? UserSpecObject { get; init; }

    /// <summary>Bytes written and not yet accepted by the socket.</summary>
    public int PendingBytes => _writer?.PendingBytes ?? 0;

    /// <summary>
    /// True for a channel opened blocking (<see cref="ConnectOptions.Blocking"/>, <see cref="BindOptions.ChannelsBlocking"/>):
    /// Read waits for a message, and a flush (Flush, Ping, or one a Write starts at the high-water mark) waits until the
    /// socket has taken its bytes. A wait gives up after the receive or send timeout when one is set.
    /// </summary>
    public bool Blocking => _blocking;

    // ---------------------------------------------------------------- construction

    internal static Channel ForClient(ConnectOptions options, bool locking, Socket connecting) =>
        new Channel(locking, options, null, null, new InputBuffer(HandshakeInputSize))
        {
            UserSpecObject = options.UserSpecObject,
            _socket = connecting,
        }.WithClientHandshake(null, connecting, ClientConnector.BeginConnect);

    /// <summary>A client over an already connected stream (tests replaying recorded traffic); no version fallback.</summary>
    internal static Channel ForClientStream(ConnectOptions options, IChannelStream stream) =>
        new Channel(false, options, null, null, new InputBuffer(HandshakeInputSize)) { _socket = stream.Socket, _stream = stream }
            .WithClientHandshake(stream, null, null);

    internal static Channel ForServer(Server server, BindOptions bind, AcceptOptions accept, bool locking, IChannelStream stream)
    {
        // Lent by the server, buffers included, and given back when the handshake ends either way.
        ServerHandshake handshake = server.Handshakes.Rent(bind, accept.NakMount, stream);
        var channel = new Channel(locking, null, bind, server, handshake.Input)
        {
            UserSpecObject = accept.UserSpecObject ?? bind.UserSpecObject,
            _stream = stream,
            _socket = stream.Socket,
        };
        channel._serverHandshake = handshake;
        if (accept.InitializationTimeout > 0)
            channel.StartInitClock(accept.InitializationTimeout);
        return channel;
    }

    private void StartInitClock(int seconds)
    {
        _initTimeoutSeconds = seconds;
        _initDeadline = Environment.TickCount64 + seconds * 1000L;
    }

    private Channel WithClientHandshake(IChannelStream? stream, Socket? socket, Func<ConnectOptions, Socket>? reconnect)
    {
        _clientHandshake = new ClientHandshake(_connectOptions!, _input, stream, socket, reconnect);
        return this;
    }

    // ---------------------------------------------------------------- lifecycle

    /// <summary>
    /// Drives the handshake: <see cref="TransportReturnCode.ChanInitInProgress"/> until done (call again when
    /// the socket is readable or writable), <see cref="TransportReturnCode.Success"/> once active, or a failure
    /// (<see cref="TransportReturnCode.ChanInitRefused"/> when the server sent a ConnectNak) with the channel closed.
    /// </summary>
    public TransportReturnCode Init(InProgressInfo? info = null)
    {
        info?.Clear();
        if (State == ChannelState.Active)
            return TransportReturnCode.Success;
        if (State != ChannelState.Initializing)
            return Error.Set(TransportReturnCode.Failure, $"Init: the channel is {State}, not initializing");
        // The limit is checked after the step, as LSEG's reactor does: what the peer sent in time is still used
        // (a garbage opening is reported as garbage, a complete handshake completes) even if Init comes late.
        HandshakeStep step;
        try
        {
            if (_clientHandshake is not null)
                step = StepClient(info);
            else
            {
                step = _serverHandshake!.Step(Error);
                _stream = _serverHandshake.Stream; // the WebSocket over the accepted stream after an upgrade
            }
        }
        catch (WebSocket.WebSocketException e)
        {
            return FailInit(TransportReturnCode.Failure, "Init: " + e.Message);
        }
        catch (SocketException e)
        {
            return FailInit(TransportReturnCode.Failure, $"Init: socket error {e.SocketErrorCode}", e.NativeErrorCode);
        }
        catch (NotSupportedException e)
        {
            return FailInit(TransportReturnCode.Failure, "Init: " + e.Message);
        }
        return step switch
        {
            HandshakeStep.Done => Activate(),
            HandshakeStep.InProgress when Environment.TickCount64 > _initDeadline => FailInit(TransportReturnCode.Failure,
                $"Init: the handshake did not complete within the initialization timeout ({_initTimeoutSeconds} s)" +
                (_clientHandshake is { } client ? $": the attempt {client.Waiting}" : _serverHandshake?.Waiting)),
            HandshakeStep.InProgress => TransportReturnCode.ChanInitInProgress,
            _ => FailInit(Error.Code, Error.Text, Error.SystemError),
        };
    }

    /// <summary>
    /// Closes the connection and releases its buffers; the channel becomes <see cref="ChannelState.Inactive"/>.
    /// An active channel ends in order: frames still queued are flushed (for at most a second), the socket is shut
    /// down for sending, and what the peer still sends is read and discarded until it ends too (in the background,
    /// for at most two seconds), so neither side sees a reset. <see cref="Transport.Uninitialize"/> waits for that.
    /// </summary>
    public TransportReturnCode Close()
    {
        using (_writeGate.Enter())
        using (_readGate.Enter())
        {
            if (State == ChannelState.Inactive)
                return TransportReturnCode.Success;
            bool orderly = State == ChannelState.Active && FlushBeforeClose();
            ReleaseResources(orderly);
            State = ChannelState.Inactive;
        }
        _server?.OnChannelClosed();
        return TransportReturnCode.Success;
    }

    // ---------------------------------------------------------------- read

    /// <summary>
    /// Reads one message. With a message: returns &gt;0 (bytes still buffered: call Read again without waiting
    /// for the socket) or <see cref="TransportReturnCode.Success"/>. Without: <see cref="TransportReturnCode.ReadWouldBlock"/>,
    /// <see cref="TransportReturnCode.ReadPing"/>, &gt;0 (a fragment or ping was consumed, more is buffered), or a failure
    /// (channel closed, see <see cref="Error"/>). The message is valid until the next Read.
    /// </summary>
    public TransportReturnCode Read(out TransportBuffer? message) => Read(_scratchReadArgs, out message);

    /// <inheritdoc cref="Read(out TransportBuffer?)"/>
    public TransportReturnCode Read(ReadArgs args, out TransportBuffer? message)
    {
        args.Clear();
        using (_readGate.Enter())
        {
            if (State != ChannelState.Active)
            {
                message = null;
                return NotActive("Read");
            }
            try
            {
                TransportReturnCode result;
                while (true)
                {
                    result = _reader!.Read(_stream!, args, Error, out message);
                    if (_reader.ReceivedData)
                        _lastReceiveTicks = Environment.TickCount64;
                    if (result != TransportReturnCode.ReadWouldBlock || !_blocking || !WaitForSocket(SelectMode.SelectRead))
                        break;
                }
                if (result == TransportReturnCode.Failure)
                    CloseOnError();
                return result;
            }
            catch (SocketException e)
            {
                message = null;
                return FailSocket("Read", e);
            }
            catch (ObjectDisposedException)
            {
                message = null;
                return ClosedUnderneath("Read");
            }
            catch (WebSocket.WebSocketException e)
            {
                message = null;
                Error.Set(TransportReturnCode.Failure, "Read: " + e.Message);
                CloseOnError();
                return TransportReturnCode.Failure;
            }
        }
    }

    // ---------------------------------------------------------------- write

    /// <summary>
    /// A buffer of <paramref name="size"/> bytes to encode into (larger than the max fragment size: fragmented on
    /// write). <paramref name="packed"/>: several messages can be added with <see cref="PackBuffer"/>.
    /// <see cref="TransportReturnCode.NoBuffers"/> when the pool is exhausted (flush, or raise the buffer counts).
    /// </summary>
    public TransportReturnCode GetBuffer(int size, bool packed, out TransportBuffer? buffer)
    {
        buffer = null;
        using (_writeGate.Enter())
        {
            if (State != ChannelState.Active)
                return NotActive("GetBuffer");
            return _writer!.GetBuffer(size, packed, Error, out buffer);
        }
    }

    /// <summary>Closes the message just encoded into a packed buffer; returns the bytes left (&gt;0) for the next one.</summary>
    public TransportReturnCode PackBuffer(TransportBuffer buffer)
    {
        CheckOwnership(buffer);
        return _writer!.PackBuffer(buffer, Error); // touches only the caller's buffer: no lock needed
    }

    /// <summary>
    /// Queues the buffer (which then belongs to the transport). Returns &gt;0 (bytes queued: flush later),
    /// <see cref="TransportReturnCode.Success"/> (all sent), <see cref="TransportReturnCode.WriteCallAgain"/>
    /// (fragmenting ran out of buffers: flush and call Write again with the same buffer), or a failure.
    /// </summary>
    public TransportReturnCode Write(TransportBuffer buffer, WritePriority priority = WritePriority.High, WriteFlags flags = WriteFlags.None) =>
        WriteCore(buffer, priority, flags, null);

    /// <inheritdoc cref="Write(TransportBuffer, WritePriority, WriteFlags)"/>
    public TransportReturnCode Write(TransportBuffer buffer, WriteArgs args) => WriteCore(buffer, args.Priority, args.Flags, args);

    /// <summary>Sends queued data; &gt;0 (bytes still queued: flush again when writable) or <see cref="TransportReturnCode.Success"/>.</summary>
    public TransportReturnCode Flush() => SendPending(ping: false);

    /// <summary>Gives back a buffer that will not be written.</summary>
    public TransportReturnCode ReleaseBuffer(TransportBuffer buffer)
    {
        CheckOwnership(buffer);
        using (_writeGate.Enter())
            _writer!.Release(buffer);
        return TransportReturnCode.Success;
    }

    // ---------------------------------------------------------------- health

    /// <summary>Sends a ping now (or flushes pending data, which serves as one).</summary>
    public TransportReturnCode Ping() => SendPending(ping: true);

    /// <summary>
    /// Call periodically (e.g. once a second): sends a ping when nothing was sent for a third of the ping
    /// timeout, and closes the channel when nothing arrived from the peer for the whole ping timeout.
    /// </summary>
    public TransportReturnCode CheckPings()
    {
        if (State != ChannelState.Active)
            return NotActive("CheckPings");
        long now = Environment.TickCount64;
        long timeoutMs = _session!.PingTimeout * 1000L;
        bool weSend = IsServerSide
            ? (_session.SessionFlags & NegotiatedSession.ServerToClientPings) != 0
            : (_session.SessionFlags & NegotiatedSession.ClientToServerPings) != 0;
        bool peerSends = IsServerSide
            ? (_session.SessionFlags & NegotiatedSession.ClientToServerPings) != 0
            : (_session.SessionFlags & NegotiatedSession.ServerToClientPings) != 0;
        if (peerSends && now - Volatile.Read(ref _lastReceiveTicks) > timeoutMs)
        {
            using (_writeGate.Enter())
            using (_readGate.Enter())
            {
                Error.Set(TransportReturnCode.Failure,
                    $"CheckPings: nothing received from the peer for {(now - _lastReceiveTicks) / 1000.0:F1} s (ping timeout {_session.PingTimeout} s); the peer went silent");
                CloseOnError();
            }
            return TransportReturnCode.Failure;
        }
        // A tr_json2 peer answers pings but sends none of its own (LSEG's JSON consumers), so data we send does not
        // stand in for a ping there: LSEG's servers ping every third of the timeout whatever they send.
        long last = ProtocolType == WebSocket.SubProtocols.JsonProtocolType ? _lastPingTicks : Volatile.Read(ref _lastSendTicks);
        if (weSend && now - last >= timeoutMs / 3)
        {
            _lastPingTicks = now;
            TransportReturnCode result = Ping();
            return result < TransportReturnCode.Success ? result : TransportReturnCode.Success;
        }
        return TransportReturnCode.Success;
    }

    // ---------------------------------------------------------------- settings

    /// <summary>Changes a numeric runtime setting (buffer counts, high-water mark, socket buffers, compression threshold).</summary>
    public TransportReturnCode IOCtl(IOCtlCode code, int value)
    {
        using (_writeGate.Enter())
        {
            if (State != ChannelState.Active)
                return NotActive("IOCtl");
            if (value < 0)
                return Error.Set(TransportReturnCode.Failure, $"IOCtl {code}: value {value} is negative");
            switch (code)
            {
                case IOCtlCode.MaxNumBuffers:
                    _writer!.Pool.SetMaxBuffers(value);
                    return TransportReturnCode.Success;
                case IOCtlCode.NumGuaranteedBuffers:
                    if (value == 0)
                        return Error.Set(TransportReturnCode.Failure, "IOCtl NumGuaranteedBuffers: at least one buffer is needed");
                    _writer!.Pool.SetGuaranteed(value);
                    return TransportReturnCode.Success;
                case IOCtlCode.HighWaterMark:
                    _writer!.HighWaterMark = value == 0 ? 6144 : value;
                    return TransportReturnCode.Success;
                case IOCtlCode.SystemReadBuffers:
                    Socket.ReceiveBufferSize = value;
                    return TransportReturnCode.Success;
                case IOCtlCode.SystemWriteBuffers:
                    Socket.SendBufferSize = value;
                    return TransportReturnCode.Success;
                case IOCtlCode.CompressionThreshold:
                    if (value < RipcLimits.DefaultCompressionThreshold)
                        return Error.Set(TransportReturnCode.Failure, $"IOCtl CompressionThreshold: {value} is below the minimum of {RipcLimits.DefaultCompressionThreshold} bytes");
                    _writer!.CompressionThreshold = value;
                    return TransportReturnCode.Success;
                default:
                    return Error.Set(TransportReturnCode.Failure, $"IOCtl: {code} does not take a number on a channel");
            }
        }
    }

    /// <summary>Changes a text setting: <see cref="IOCtlCode.PriorityFlushOrder"/> (e.g. "HMHLHM").</summary>
    public TransportReturnCode IOCtl(IOCtlCode code, string value)
    {
        using (_writeGate.Enter())
        {
            if (State != ChannelState.Active)
                return NotActive("IOCtl");
            if (code != IOCtlCode.PriorityFlushOrder)
                return Error.Set(TransportReturnCode.Failure, $"IOCtl: {code} does not take a string");
            return _writer!.SetFlushOrder(value, out string? error)
                ? TransportReturnCode.Success
                : Error.Set(TransportReturnCode.Failure, "IOCtl PriorityFlushOrder: " + error);
        }
    }

    /// <summary>Negotiated and configured properties; null unless the channel is active.</summary>
    public ChannelInfo? Info
    {
        get
        {
            if (State != ChannelState.Active || _session is null || _writer is null)
                return null;
            return new ChannelInfo
            {
                MaxFragmentSize = _session.MaxFragmentSize,
                MaxOutputBuffers = _writer.Pool.MaxBuffers,
                GuaranteedOutputBuffers = _writer.Pool.Guaranteed,
                NumInputBuffers = _connectOptions?.NumInputBuffers ?? _bindOptions!.NumInputBuffers,
                PingTimeout = _session.PingTimeout,
                ClientToServerPings = (_session.SessionFlags & NegotiatedSession.ClientToServerPings) != 0,
                ServerToClientPings = (_session.SessionFlags & NegotiatedSession.ServerToClientPings) != 0,
                SysSendBufSize = _socket?.SendBufferSize ?? 0,
                SysRecvBufSize = _socket?.ReceiveBufferSize ?? 0,
                CompressionType = _session.Compression,
                CompressionThreshold = _writer.CompressionThreshold,
                PriorityFlushStrategy = _writer.FlushOrderText,
                RipcVersion = _session.Version.Number,
                PeerComponentVersion = _session.PeerComponentVersion,
            };
        }
    }

    // ---------------------------------------------------------------- internals

    private TransportReturnCode WriteCore(TransportBuffer buffer, WritePriority priority, WriteFlags flags, WriteArgs? args)
    {
        CheckOwnership(buffer);
        if ((uint)priority > (uint)WritePriority.Low)
            throw new ArgumentOutOfRangeException(nameof(priority), priority, "Unknown write priority.");
        using (_writeGate.Enter())
        {
            if (State != ChannelState.Active)
                return NotActive("Write");
            try
            {
                TransportReturnCode result = _writer!.Write(buffer, priority, flags, args);
                while (_blocking && _writer.HasStagedBytes && WaitForSocket(SelectMode.SelectWrite))
                    result = _writer.Flush(); // finish the flush the write started; frames below the mark stay queued
                if (_writer.SentData) // most writes only queue: test before the call
                    NoteSent();
                return result;
            }
            catch (SocketException e)
            {
                FailSocket("Write", e);
                return TransportReturnCode.WriteFlushFailed;
            }
            catch (ObjectDisposedException)
            {
                return ClosedUnderneath("Write");
            }
        }
    }

    private TransportReturnCode SendPending(bool ping)
    {
        using (_writeGate.Enter())
        {
            string operation = ping ? "Ping" : "Flush";
            if (State != ChannelState.Active)
                return NotActive(operation);
            try
            {
                TransportReturnCode result = ping ? _writer!.Ping() : _writer!.Flush();
                while (_blocking && result > TransportReturnCode.Success && WaitForSocket(SelectMode.SelectWrite))
                    result = _writer.Flush();
                NoteSent();
                return result;
            }
            catch (SocketException e)
            {
                return FailSocket(operation, e);
            }
            catch (ObjectDisposedException)
            {
                return ClosedUnderneath(operation);
            }
        }
    }

    private HandshakeStep StepClient(InProgressInfo? info)
    {
        HandshakeStep step = _clientHandshake!.Step(Error, out Socket? oldSocket);
        _stream = _clientHandshake.Stream;
        _socket = _stream?.Socket ?? _clientHandshake.ConnectingSocket ?? _socket;
        if (oldSocket is not null)
        {
            OldSocket = oldSocket;
            if (info is not null)
            {
                info.Flags |= InProgressFlags.SocketChanged;
                info.OldSocket = oldSocket;
            }
        }
        return step;
    }

    private TransportReturnCode Activate()
    {
        NegotiatedSession session = _clientHandshake?.Session ?? _serverHandshake!.Session!;
        try
        {
            _outCompressor = Compressors.Create(session.Compression, session.CompressionLevel);
            _inCompressor = Compressors.Create(session.Compression, session.CompressionLevel);
        }
        catch (DllNotFoundException e)
        {
            return FailInit(TransportReturnCode.Failure, $"Init: negotiated {session.Compression} compression but its library is missing: {e.Message}");
        }
        int numInput = _connectOptions?.NumInputBuffers ?? _bindOptions!.NumInputBuffers;
        int inputSize = _connectOptions is { InputBufferCapacityOverride: > 0 } o
            ? o.InputBufferCapacityOverride
            : Math.Max(numInput * session.MaxFragmentSize, session.MaxFragmentSize + PoolSlack);
        if (_serverHandshake is not null)
            _input = InputBuffer.CopyOf(_input, inputSize); // the handshake's buffer goes back to the server's pool
        else
            _input.Resize(inputSize);
        int guaranteed = _connectOptions?.GuaranteedOutputBuffers ?? _bindOptions!.GuaranteedOutputBuffers;
        int maxBuffers = _bindOptions?.MaxOutputBuffers ?? guaranteed;
        var pool = new OutputBufferPool(this, guaranteed, maxBuffers, session.MaxFragmentSize + PoolSlack, _server?.SharedPool);
        _writer = new ChannelWriter(pool, session.MaxFragmentSize, session.Version, _outCompressor)
        {
            CompressionThreshold = Compressors.Threshold(session.Compression),
        };
        _writer.Attach(_stream!);
        _reader = new FrameReader(_input, session.Version, _inCompressor, session.MaxFragmentSize);
        _session = session;
        _clientHandshake = null;
        ReturnServerHandshake();
        _lastSendTicks = _lastReceiveTicks = _lastPingTicks = Environment.TickCount64;
        State = ChannelState.Active;
        Error.Clear();
        return TransportReturnCode.Success;
    }

    private void NoteSent()
    {
        if (!_writer!.SentData)
            return;
        _writer.SentData = false;
        Volatile.Write(ref _lastSendTicks, Environment.TickCount64);
    }

    private TransportReturnCode FailInit(TransportReturnCode code, string text, int systemError = 0)
    {
        Error.Set(code, text, systemError);
        CloseOnError();
        return code;
    }

    private TransportReturnCode FailSocket(string operation, SocketException e)
    {
        string what = e is Tls.TlsFailureException ? e.Message
            : e.SocketErrorCode is SocketError.ConnectionReset or SocketError.ConnectionAborted or SocketError.Shutdown
                ? $"the peer reset the connection ({e.SocketErrorCode})" : $"socket failure ({e.SocketErrorCode})";
        Error.Set(TransportReturnCode.Failure, $"{operation}: {what}", e.NativeErrorCode);
        CloseOnError();
        return TransportReturnCode.Failure;
    }

    /// <summary>Another thread closed the channel while this call used it (global locking, shared channel).</summary>
    private TransportReturnCode ClosedUnderneath(string operation) =>
        Error.Set(TransportReturnCode.Failure, $"{operation}: the channel was closed by another thread during the call");

    private TransportReturnCode NotActive(string operation) =>
        Error.Set(TransportReturnCode.Failure, State == ChannelState.Closed && _closeReason is not null
            ? $"{operation}: the channel is closed ({_closeReason})"
            : $"{operation}: the channel is {State}, not active");

    /// <summary>An error ends the connection; the user still calls Close to release the channel.</summary>
    private void CloseOnError()
    {
        if (State is ChannelState.Closed or ChannelState.Inactive)
            return;
        State = ChannelState.Closed;
        _closeReason = Error.Text;
        ReleaseResources();
    }

    /// <summary>
    /// Sends what is queued, waiting for the socket to take it up to <see cref="OrderlyClose.FlushLimit"/>, or until it
    /// took nothing for <see cref="OrderlyClose.StalledLimit"/> (a peer that stopped reading: a server closing a stalled
    /// consumer must not wait for it); false when the socket failed (the connection then ends without ceremony).
    /// </summary>
    private bool FlushBeforeClose()
    {
        long deadline = Environment.TickCount64 + (long)OrderlyClose.FlushLimit.TotalMilliseconds;
        try
        {
            TransportReturnCode result = _writer!.Flush();
            while (result > TransportReturnCode.Success)
            {
                long left = Math.Min(deadline - Environment.TickCount64, (long)OrderlyClose.StalledLimit.TotalMilliseconds);
                if (left <= 0 || !_stream!.Socket.Poll(TimeSpan.FromMilliseconds(left), SelectMode.SelectWrite))
                    break;
                result = _writer.Flush();
            }
            return true;
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException or IOException)
        {
            return false;
        }
    }

    private void ReleaseResources(bool orderly = false)
    {
        ReturnServerHandshake();
        _writer?.Clear();
        _reader?.Release();
        if (orderly && _stream is not null)
            OrderlyClose.Finish(_stream);
        else
            _stream?.Dispose();
        _clientHandshake?.ConnectingSocket?.Dispose();
        _outCompressor?.Dispose();
        _inCompressor?.Dispose();
        _outCompressor = _inCompressor = null;
    }

    private void ReturnServerHandshake()
    {
        if (_serverHandshake is null)
            return;
        _server!.Handshakes.Return(_serverHandshake);
        _serverHandshake = null;
    }

    /// <summary>Blocking channels: waits until the socket is ready; false when the receive/send timeout ran out first.</summary>
    private bool WaitForSocket(SelectMode mode)
    {
        int timeoutMs = mode == SelectMode.SelectRead
            ? _connectOptions?.ReceiveTimeoutMs ?? _bindOptions!.ReceiveTimeoutMs
            : _connectOptions?.SendTimeoutMs ?? _bindOptions!.SendTimeoutMs;
        return _stream!.Socket.Poll(timeoutMs > 0 ? TimeSpan.FromMilliseconds(timeoutMs) : Timeout.InfiniteTimeSpan, mode);
    }

    private void CheckOwnership(TransportBuffer buffer)
    {
        if (buffer is null || !ReferenceEquals(buffer._owner, this) || !buffer._rented)
            ThrowNotOwned(buffer);
    }

    /// <summary>Kept out of <see cref="CheckOwnership"/> so that check stays small enough to inline on the per-message path.</summary>
    [DoesNotReturn]
    private void ThrowNotOwned(TransportBuffer? buffer)
    {
        ArgumentNullException.ThrowIfNull(buffer);
        throw new ArgumentException("The buffer does not belong to this channel, or it was already written or released.", nameof(buffer));
    }
}
