using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.Transport;

namespace Eta.ValueAdd;

/// <summary>
/// One connection owned by a <see cref="Reactor"/>: the transport channel underneath (replaced on each
/// reconnection), the role's handshake state, and the application's way to send. Submit from the dispatching thread
/// (inside callbacks or between <see cref="Reactor.Dispatch"/> calls). Submits return at once: data the socket did
/// not take is flushed by the next dispatch.
/// </summary>
public sealed partial class ReactorChannel
{
    private readonly RoleSession _session;
    private readonly ReconnectSchedule? _reconnect;
    private readonly InProgressInfo _inProgress = new();
    private bool _flushPending;

    internal ReactorChannel(Reactor reactor, ReactorRole role, Channel? transport, ReactorConnectOptions? connect)
    {
        Reactor = reactor;
        Role = role;
        Channel = transport;
        ConnectOptions = connect;
        if (connect is not null)
            _reconnect = new ReconnectSchedule(connect);
        _session = role.CreateSession(this);
        if (role is ConsumerRole consumer)
        {
            Dictionary = consumer.Dictionary;
            ItemLayer = consumer.ItemLayerFactory?.Invoke(this);
        }
    }

    public Reactor Reactor { get; }

    public ReactorRole Role { get; }

    public ReactorChannelState State { get; private set; } = ReactorChannelState.Initializing;

    /// <summary>The transport channel in use now (null between a loss and the next attempt); for IOCtl, Info, Socket.</summary>
    public Channel? Channel { get; private set; }

    /// <summary>How it connects (null for a channel accepted by a provider).</summary>
    public ReactorConnectOptions? ConnectOptions { get; }

    /// <summary>The dictionary: a consumer role's own, or the one a consumer or NI provider downloaded during the handshake.</summary>
    public DataDictionary? Dictionary { get; internal set; }

    /// <summary>Why the last failure happened (transport or reactor), for the down/warning callbacks.</summary>
    public string ErrorText { get; private set; } = "";

    /// <summary>True when the last loss was the peer's orderly close rather than an error.</summary>
    public bool ClosedByPeer { get; private set; }

    /// <summary>Reconnection attempts since the last connection came up.</summary>
    public int ReconnectAttempts => _reconnect?.Attempts ?? 0;

    /// <summary>Free for the application (e.g. its per-channel state).</summary>
    public object? UserSpecObject { get; set; }

    internal IConsumerItemLayer? ItemLayer { get; }

    internal bool IsActive => State is ReactorChannelState.Up or ReactorChannelState.Ready;

    internal bool FlushPending => _flushPending;

    internal bool Removed { get; set; }

    /// <summary>Transport reads dispatch has made on this channel (each may be a recv): tests count them.</summary>
    internal long ReadCalls { get; private set; }

    internal long NextAttemptAt => _reconnect?.NextAttemptAt ?? long.MaxValue;

    // ---------------------------------------------------------------- sending

    /// <summary>A buffer to encode a message into, then <see cref="Submit(TransportBuffer, WriteFlags)"/>.</summary>
    public ReactorReturnCode GetBuffer(int size, bool packed, out TransportBuffer? buffer)
    {
        buffer = null;
        if (!IsActive || Channel is null)
            return NotUp("GetBuffer");
        TransportReturnCode rc = Channel.GetBuffer(size, packed, out buffer);
        if (rc == TransportReturnCode.Success)
            return ReactorReturnCode.Success;
        if (rc == TransportReturnCode.NoBuffers)
        {
            _flushPending = true;
            return ReactorReturnCode.NoBuffers;
        }
        return Fail(ReactorReturnCode.Failure, "GetBuffer: " + Channel.Error.Text);
    }

    /// <summary>
    /// Closes the message just encoded into a packed buffer (from <c>GetBuffer(size, packed: true)</c>) so the next
    /// one can follow; returns the bytes left, or a failure. Submit the buffer when it is full or the burst ends.
    /// </summary>
    public int PackBuffer(TransportBuffer buffer)
    {
        if (!IsActive || Channel is null)
            return (int)NotUp("PackBuffer");
        TransportReturnCode rc = Channel.PackBuffer(buffer);
        return rc >= TransportReturnCode.Success ? (int)rc : (int)Fail(ReactorReturnCode.Failure, "PackBuffer: " + Channel.Error.Text);
    }

    /// <summary>
    /// Sends a message the application encoded into a buffer from <see cref="GetBuffer"/>; the buffer then belongs to
    /// the reactor, except after <see cref="ReactorReturnCode.WriteCallAgain"/> (submit it again after a dispatch).
    /// </summary>
    public ReactorReturnCode Submit(TransportBuffer buffer, WriteFlags flags = WriteFlags.None)
    {
        if (ItemLayer is not null && MsgDecoder.Decode(buffer.Contents, out Msg msg) == CodecReturnCode.Success
            && !IsAdminDomain(msg.DomainType))
            return ItemLayer.SubmitItem(this, msg, buffer);
        return WriteToTransport(buffer, flags);
    }

    /// <summary>Encodes and sends a message whose payload (and key attribute) are already encoded in its spans.</summary>
    public ReactorReturnCode Submit(in Msg msg)
    {
        if (ItemLayer is not null && !IsAdminDomain(msg.DomainType))
            return ItemLayer.SubmitItem(this, msg, null);
        return EncodeAndWrite(new MsgWriter(msg));
    }

    public ReactorReturnCode Submit(LoginRequest login) => EncodeAndWrite(new RdmObjectWriter(login));
    public ReactorReturnCode Submit(LoginRefresh login) => EncodeAndWrite(new RdmObjectWriter(login));
    public ReactorReturnCode Submit(in LoginRtt rtt) => EncodeAndWrite(new LoginRttWriter(rtt));
    public ReactorReturnCode Submit(DirectoryRequest directory) => EncodeAndWrite(new RdmObjectWriter(directory));
    public ReactorReturnCode Submit(DirectoryRefresh directory) => EncodeAndWrite(new RdmObjectWriter(directory));
    public ReactorReturnCode Submit(DirectoryUpdate directory) => EncodeAndWrite(new RdmObjectWriter(directory));
    public ReactorReturnCode Submit(DictionaryRequest dictionary) => EncodeAndWrite(new RdmObjectWriter(dictionary));
    public ReactorReturnCode Submit(AdminStatus status) => EncodeAndWrite(new RdmObjectWriter(status));

    /// <summary>Closes an admin stream (login, directory or dictionary domain).</summary>
    public ReactorReturnCode SubmitAdminClose(byte domainType, int streamId) =>
        EncodeAndWrite(new AdminCloseWriter(domainType, streamId));

    /// <summary>Closes this channel and removes it from the reactor (no down event, no reconnection).</summary>
    public void Close()
    {
        Channel?.Close();
        Channel = null;
        State = ReactorChannelState.Down;
        Removed = true;
        ItemLayer?.OnChannelState(this, State);
    }

    /// <summary>Writes an encoded buffer as it is (the item layer's way out to the wire).</summary>
    internal ReactorReturnCode WriteToTransport(TransportBuffer buffer, WriteFlags flags = WriteFlags.None)
    {
        if (!IsActive || Channel is null)
            return NotUp("Submit");
        TransportReturnCode rc = Channel.Write(buffer, WritePriority.High, flags);
        if (rc >= TransportReturnCode.Success)
        {
            if (rc > TransportReturnCode.Success)
                _flushPending = true;
            return ReactorReturnCode.Success;
        }
        if (rc == TransportReturnCode.WriteCallAgain)
        {
            _flushPending = true;
            return ReactorReturnCode.WriteCallAgain;
        }
        return Fail(ReactorReturnCode.Failure, "Submit: " + Channel.Error.Text);
    }

    /// <summary>Hands a message to the application's default callback (the item layer's way in).</summary>
    internal ReactorCallbackReturn DeliverDefaultMsg(in Msg msg) => Role.Callbacks.OnDefaultMsg(this, msg);

    internal ReactorReturnCode EncodeAndWrite<T>(T message) where T : IRdmEncodable, allows ref struct
    {
        if (!IsActive || Channel is null)
            return NotUp("Submit");
        int size = message.SizeHint;
        for (int tries = 0; tries < 8; tries++, size *= 2)
        {
            ReactorReturnCode got = GetBuffer(size, packed: false, out TransportBuffer? buffer);
            if (got != ReactorReturnCode.Success)
                return got;
            var encoder = new RwfEncoder(buffer!.Data);
            CodecReturnCode rc = message.Encode(ref encoder);
            if (rc == CodecReturnCode.Success)
            {
                buffer.Length = encoder.Position;
                ReactorReturnCode written = WriteToTransport(buffer);
                if (written == ReactorReturnCode.WriteCallAgain)
                    Channel.ReleaseBuffer(buffer); // not retried here: the caller submits again after a dispatch
                return written;
            }
            Channel.ReleaseBuffer(buffer);
            if (rc != CodecReturnCode.BufferTooSmall)
                return Fail(ReactorReturnCode.EncodeFailed, $"Submit: encoding failed ({rc})");
        }
        return Fail(ReactorReturnCode.EncodeFailed, $"Submit: the message does not fit in {size / 2} bytes");
    }

    private static bool IsAdminDomain(byte domainType) =>
        domainType is DomainTypes.Login or DomainTypes.Source or DomainTypes.Dictionary;

    private ReactorReturnCode NotUp(string call)
    {
        ErrorText = $"{call}: the channel is {State}";
        return ReactorReturnCode.ChannelNotUp;
    }

    internal ReactorReturnCode Fail(ReactorReturnCode code, string text)
    {
        ErrorText = text;
        return code;
    }
}
