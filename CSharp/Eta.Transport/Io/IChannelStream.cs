using System.Net.Sockets;

namespace Eta.Transport.Io;

/// <summary>
/// The byte pipe under RIPC: a plain socket or a TLS stream over one. Non-blocking by contract:
/// the channel polls <see cref="Socket"/> for readiness and calls Read/Write when it is ready.
/// </summary>
internal interface IChannelStream : IDisposable
{
    /// <summary>The underlying socket, for readiness (select/poll).</summary>
    Socket Socket { get; }

    /// <summary>Bytes already decrypted/buffered that the socket's readiness will not show.</summary>
    bool HasBufferedInput { get; }

    /// <summary>&gt;0 bytes read; 0 = nothing available now (non-blocking); -1 = peer closed. SocketException on error.</summary>
    int Read(Span<byte> destination);

    /// <summary>
    /// Bytes accepted: fewer than offered (0 included) only when the socket's send buffer is full, so the writer
    /// offers nothing more until the next flush. SocketException on error.
    /// </summary>
    int Write(ReadOnlySpan<byte> source);

    /// <summary>
    /// Ends the stream's own protocol before the socket is shut down for sending (an orderly close): nothing for plain
    /// TCP; TLS sends its close_notify alert, without which LSEG's C reader (OpenSSL) takes the end for an error.
    /// </summary>
    void EndOutput()
    {
    }

    /// <summary>Plain: Done at once. TLS: InProgress until done, Failed with <see cref="FailureReason"/>.</summary>
    HandshakeProgress ContinueHandshake();

    /// <summary>Why the handshake failed, when it did.</summary>
    string? FailureReason { get; }

    /// <summary>
    /// The first bytes the peer sent, kept by a stream with a handshake of its own (TLS) so that a failed one can say
    /// what came instead; empty for a plain stream, whose bytes the RIPC handshake sees itself.
    /// </summary>
    ReadOnlySpan<byte> Opening => default;
}

/// <summary>Progress of the stream-level (e.g. TLS) handshake that runs before RIPC.</summary>
internal enum HandshakeProgress
{
    InProgress,
    Done,
    Failed,
}
