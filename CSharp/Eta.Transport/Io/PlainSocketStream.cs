using System.Net.Sockets;

namespace Eta.Transport.Io;

/// <summary>The byte pipe of a plain TCP channel: a non-blocking socket, no buffering of its own.</summary>
internal sealed class PlainSocketStream : IChannelStream
{
    private readonly Socket _socket;

    public PlainSocketStream(Socket socket) => _socket = socket;

    public Socket Socket => _socket;

    public bool HasBufferedInput => false;

    public string? FailureReason => null;

    public int Read(Span<byte> destination)
    {
        if (destination.IsEmpty)
            return 0;
        int read = _socket.Receive(destination, SocketFlags.None, out SocketError status);
        return status switch
        {
            SocketError.Success => read == 0 ? -1 : read,
            SocketError.WouldBlock => 0,
            _ => throw new SocketException((int)status),
        };
    }

    public int Write(ReadOnlySpan<byte> source)
    {
        int sent = _socket.Send(source, SocketFlags.None, out SocketError status);
        return status switch
        {
            SocketError.Success => sent,
            SocketError.WouldBlock => 0,
            _ => throw new SocketException((int)status),
        };
    }

    public HandshakeProgress ContinueHandshake() => HandshakeProgress.Done;

    public void Dispose() => _socket.Dispose();
}
