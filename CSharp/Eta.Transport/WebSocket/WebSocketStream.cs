using System.Net.Sockets;
using Eta.Transport.Io;

namespace Eta.Transport.WebSocket;

/// <summary>
/// A WebSocket connection (after its HTTP upgrade) over a plain or TLS stream, seen by the RIPC layer above as the
/// byte pipe it knows: it writes RIPC frames and reads RIPC frames, and this stream carries them in RFC 6455 frames
/// for the negotiated sub-protocol (<see cref="OutboundFrames"/>, <see cref="InboundFrames"/>). So the channel's
/// handshake, pools, queues, packing, flushing and reader are the socket transport's, unchanged.
/// </summary>
internal sealed class WebSocketStream : IChannelStream
{
    private readonly IChannelStream _inner;
    private readonly OutboundFrames _output;
    private readonly InboundFrames _input;
    private readonly bool _json;

    /// <param name="inner">The stream the upgrade ran over.</param>
    /// <param name="isClient">Clients mask what they send and expect unmasked frames; servers the reverse.</param>
    /// <param name="protocolType"><see cref="SubProtocols.RwfProtocolType"/> or <see cref="SubProtocols.JsonProtocolType"/>.</param>
    /// <param name="maxMessageSize">The largest frame (and JSON message) accepted; larger ones close with 1009.</param>
    /// <param name="alreadyRead">Bytes read with the upgrade that belong to the first frames.</param>
    public WebSocketStream(IChannelStream inner, bool isClient, int protocolType, int maxMessageSize, ReadOnlySpan<byte> alreadyRead)
    {
        _inner = inner;
        bool json = protocolType == SubProtocols.JsonProtocolType;
        _json = json;
        _output = new OutboundFrames(mask: isClient, json, 256 * 1024);
        _input = new InboundFrames(expectMasked: !isClient, json, maxMessageSize, _output, alreadyRead);
    }

    public Socket Socket => _inner.Socket;

    public bool HasBufferedInput => _input.HasBufferedInput || _inner.HasBufferedInput;

    public string? FailureReason => _inner.FailureReason;

    public int Read(Span<byte> destination)
    {
        try
        {
            return _input.Read(_inner, destination);
        }
        finally
        {
            if (_output.HasPending)
                TryDrain(); // a Pong (or our Close) goes out now when no frame is half sent
        }
    }

    public int Write(ReadOnlySpan<byte> source)
    {
        // The reader may send a Pong from another thread (channels lock reads and writes apart): one writer at a time.
        lock (_output)
            return _output.Write(_inner, source);
    }

    /// <summary>
    /// An orderly close of a tr_json2 channel sends a Close frame (1000) first, as LSEG's
    /// <c>rsslWebSocketCloseChannel</c> does. An rssl.rwf channel just ends its stream, as LSEG's (its socket
    /// functions close it): LSEG's RWF reader takes a Close frame for a read failure (<c>ipcRead() failure. System
    /// errno: (11)</c>) but the end of stream for the peer's usual close.
    /// </summary>
    public void EndOutput()
    {
        if (_json)
        {
            _output.QueueClose(CloseCode.Normal, "");
            TryDrain();
        }
        _inner.EndOutput();
    }

    public HandshakeProgress ContinueHandshake() => HandshakeProgress.Done;

    public void Dispose()
    {
        if (_output.HasPending)
            TryDrain(); // a protocol error's Close frame, best effort
        _inner.Dispose();
    }

    private void TryDrain()
    {
        try
        {
            lock (_output)
                _output.Drain(_inner);
        }
        catch (Exception e) when (e is SocketException or IOException or ObjectDisposedException)
        {
            // the connection is going anyway; the caller reports its own error
        }
    }
}
