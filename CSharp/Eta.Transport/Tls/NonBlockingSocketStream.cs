using System.Net.Sockets;
using System.Threading.Tasks.Sources;
using Eta.Transport.Io;

namespace Eta.Transport.Tls;

/// <summary>
/// The ciphertext side of <see cref="TlsChannelStream"/>: the stream SslStream reads and writes, over a
/// non-blocking socket, without threads. When SslStream asks for bytes the socket does not have yet, the
/// read is parked (a reusable <see cref="IValueTaskSource{TResult}"/>, nothing allocated) and completed later,
/// on the caller's thread, by <see cref="TryCompleteParkedRead"/> once the socket has data. Because nothing
/// reads the socket in the background, the socket's readiness (select/poll) stays a true signal of input.
/// Writes are synchronous: they wait for send-buffer space when the socket is full, at most the write
/// timeout each time, then fail with <see cref="SocketError.TimedOut"/> rather than hang on a stalled peer.
/// </summary>
internal sealed class NonBlockingSocketStream : UnseekableStream, IValueTaskSource<int>
{
    private readonly Socket _socket;
    private readonly int _writeTimeoutMicroseconds;
    private ManualResetValueTaskSourceCore<int> _parkedRead; // continuations run inline, on the pumping thread
    private Memory<byte> _parkedBuffer;
    private bool _hasParkedRead;
    private readonly byte[] _opening = new byte[OpeningLength];
    private int _openingCount;

    /// <summary>How many of the peer's first bytes are kept for <see cref="Opening"/>.</summary>
    public const int OpeningLength = 16;

    public NonBlockingSocketStream(Socket socket, TimeSpan writeTimeout)
    {
        _socket = socket;
        _writeTimeoutMicroseconds = (int)Math.Min(int.MaxValue, writeTimeout.Ticks / 10);
        _socket.Blocking = false;
    }

    /// <summary>The first bytes the peer sent (up to <see cref="OpeningLength"/>), for a failed handshake's error.</summary>
    public ReadOnlySpan<byte> Opening => _opening.AsSpan(0, _openingCount);

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (TryReceive(buffer.Span, out int received, out SocketException? error))
            return error is null ? new ValueTask<int>(received) : ValueTask.FromException<int>(error);

        _parkedRead.Reset();
        _parkedBuffer = buffer;
        _hasParkedRead = true;
        return new ValueTask<int>(this, _parkedRead.Version);
    }

    /// <summary>
    /// Completes the parked read if the socket now has bytes, end of stream or an error; SslStream's
    /// continuation runs inside this call. False when there is no parked read or still nothing to read.
    /// </summary>
    public bool TryCompleteParkedRead()
    {
        if (!_hasParkedRead || !TryReceive(_parkedBuffer.Span, out int received, out SocketException? error))
            return false;

        _hasParkedRead = false;
        _parkedBuffer = default;
        if (error is null)
            _parkedRead.SetResult(received);
        else
            _parkedRead.SetException(error);
        return true;
    }

    /// <summary>Fails a parked read so SslStream's pending operation ends (used when closing).</summary>
    public void AbandonParkedRead()
    {
        if (!_hasParkedRead)
            return;
        _hasParkedRead = false;
        _parkedBuffer = default;
        _parkedRead.SetException(new ObjectDisposedException(nameof(TlsChannelStream)));
    }

    /// <summary>False when the socket has nothing now; received 0 with no error means the peer closed.</summary>
    private bool TryReceive(Span<byte> buffer, out int received, out SocketException? error)
    {
        received = _socket.Receive(buffer, SocketFlags.None, out SocketError status);
        error = null;
        switch (status)
        {
            case SocketError.Success:
                if (_openingCount < OpeningLength)
                    KeepOpening(buffer[..received]);
                return true;
            case SocketError.WouldBlock:
                return false;
            default:
                received = 0;
                error = new SocketException((int)status);
                return true;
        }
    }

    private void KeepOpening(ReadOnlySpan<byte> received)
    {
        int count = Math.Min(received.Length, OpeningLength - _openingCount);
        received[..count].CopyTo(_opening.AsSpan(_openingCount));
        _openingCount += count;
    }

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        while (!buffer.IsEmpty)
        {
            int sent = _socket.Send(buffer, SocketFlags.None, out SocketError status);
            if (status == SocketError.WouldBlock)
            {
                if (!_socket.Poll(_writeTimeoutMicroseconds, SelectMode.SelectWrite))
                    throw new SocketException((int)SocketError.TimedOut);
                continue;
            }
            if (status != SocketError.Success)
                throw new SocketException((int)status);
            buffer = buffer[sent..];
        }
    }

    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        Write(buffer.Span);
        return ValueTask.CompletedTask;
    }

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        Write(buffer.AsSpan(offset, count));
        return Task.CompletedTask;
    }

    public override Task FlushAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    // SslStream is only driven through its asynchronous reads here.
    public override int Read(byte[] buffer, int offset, int count) =>
        throw new NotSupportedException("reads are asynchronous: SslStream must be read with ReadAsync");

    int IValueTaskSource<int>.GetResult(short token) => _parkedRead.GetResult(token);

    ValueTaskSourceStatus IValueTaskSource<int>.GetStatus(short token) => _parkedRead.GetStatus(token);

    void IValueTaskSource<int>.OnCompleted(
        Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags) =>
        _parkedRead.OnCompleted(continuation, state, token, flags);
}
