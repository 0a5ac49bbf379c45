using System.Buffers;
using System.Net.Security;
using System.Net.Sockets;
using System.Security.Authentication;
using Eta.Transport.Io;

namespace Eta.Transport.Tls;

/// <summary>
/// An encrypted <see cref="IChannelStream"/>: TLS 1.2/1.3 (SslStream) over a connected socket, client or
/// server side, with RIPC running unchanged inside. Everything happens on the caller's thread and never
/// blocks for input:
/// <list type="bullet">
/// <item><see cref="ContinueHandshake"/> starts the TLS handshake on the first call and advances it with
/// whatever ciphertext the socket holds on each later call (call it when the socket is readable).</item>
/// <item>One decryption read is always outstanding into a pooled plaintext buffer. <see cref="Read"/>
/// feeds it the socket's ciphertext and hands out plaintext; 0 means no complete TLS record yet.</item>
/// <item><see cref="HasBufferedInput"/> is true when decrypted bytes wait that socket readiness cannot show
/// (a read of 16 KiB of records may leave plaintext behind).</item>
/// </list>
/// Writes are synchronous (see <see cref="NonBlockingSocketStream"/>). Owns and closes the socket.
/// Not thread-safe: one channel, one thread at a time.
/// </summary>
internal sealed class TlsChannelStream : IChannelStream
{
    // One TLS record carries at most 16 KiB of plaintext; reading a whole one at a time keeps records intact.
    private const int PlaintextBufferSize = 16 * 1024;

    private readonly NonBlockingSocketStream _ciphertext;
    private readonly SslStream _tls;
    private readonly Func<SslStream, Task> _startHandshake;
    private readonly SslProtocols _offered;
    private readonly byte[] _plaintext;
    private Task? _handshake;
    private HandshakeProgress _progress = HandshakeProgress.InProgress;
    private ValueTask<int> _pendingRead;
    private int _plaintextStart;
    private int _plaintextEnd;
    private bool _peerClosed;
    private bool _disposed;

    private TlsChannelStream(Socket socket, TimeSpan writeTimeout, Func<SslStream, Task> startHandshake, SslProtocols offered = SslProtocols.None)
    {
        _offered = offered;
        Socket = socket;
        _ciphertext = new NonBlockingSocketStream(socket, writeTimeout);
        _tls = new SslStream(_ciphertext, leaveInnerStreamOpen: true);
        _startHandshake = startHandshake;
        _plaintext = ArrayPool<byte>.Shared.Rent(PlaintextBufferSize);
    }

    /// <summary>The client side of a TLS connection on <paramref name="connectedSocket"/>.</summary>
    public static TlsChannelStream ForClient(Socket connectedSocket, TlsClientOptions options)
    {
        SslClientAuthenticationOptions authentication = TlsAuthenticationOptions.ForClient(options);
        return new TlsChannelStream(
            connectedSocket, options.WriteTimeout, tls => tls.AuthenticateAsClientAsync(authentication), options.Protocols);
    }

    /// <summary>The server side of a TLS connection on <paramref name="acceptedSocket"/>.</summary>
    public static TlsChannelStream ForServer(Socket acceptedSocket, TlsServerOptions options)
    {
        SslServerAuthenticationOptions authentication = TlsAuthenticationOptions.ForServer(options);
        return new TlsChannelStream(
            acceptedSocket, options.WriteTimeout, tls => tls.AuthenticateAsServerAsync(authentication));
    }

    public Socket Socket { get; }

    public string? FailureReason { get; private set; }

    public ReadOnlySpan<byte> Opening => _ciphertext.Opening;

    /// <summary>The TLS version agreed, once the handshake is done.</summary>
    public SslProtocols NegotiatedProtocol => _progress == HandshakeProgress.Done ? _tls.SslProtocol : SslProtocols.None;

    public bool HasBufferedInput =>
        _plaintextEnd > _plaintextStart || (_progress == HandshakeProgress.Done && !_peerClosed && _pendingRead.IsCompleted);

    public HandshakeProgress ContinueHandshake()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (_progress != HandshakeProgress.InProgress)
            return _progress;

        _handshake ??= _startHandshake(_tls);
        while (!_handshake.IsCompleted && _ciphertext.TryCompleteParkedRead())
        {
        }
        if (!_handshake.IsCompleted)
            return HandshakeProgress.InProgress;

        if (_handshake.IsCompletedSuccessfully)
        {
            _progress = HandshakeProgress.Done;
            StartDecryptionRead();
        }
        else
        {
            _progress = HandshakeProgress.Failed;
            Exception failure = _handshake.Exception!.InnerException!;
            FailureReason = Describe(failure) + VersionHint(failure);
        }
        return _progress;
    }

    public int Read(Span<byte> destination)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (_progress != HandshakeProgress.Done)
            throw new InvalidOperationException("TLS stream read before its handshake completed");

        if (_plaintextEnd == _plaintextStart && !TryTakeDecryptedRecord())
            return _peerClosed ? -1 : 0;

        int count = Math.Min(destination.Length, _plaintextEnd - _plaintextStart);
        _plaintext.AsSpan(_plaintextStart, count).CopyTo(destination);
        _plaintextStart += count;
        if (_plaintextStart == _plaintextEnd)
            StartDecryptionRead(); // completes at once if SslStream still holds decrypted bytes
        return count;
    }

    public int Write(ReadOnlySpan<byte> source)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (_progress != HandshakeProgress.Done)
            throw new InvalidOperationException("TLS stream written before its handshake completed");
        try
        {
            _tls.Write(source);
            return source.Length;
        }
        catch (IOException e)
        {
            throw AsSocketException(e);
        }
    }

    /// <summary>Sends TLS's close_notify alert (written synchronously, like every write of this stream).</summary>
    public void EndOutput()
    {
        if (_disposed || _progress != HandshakeProgress.Done)
            return;
        try
        {
            _tls.ShutdownAsync().GetAwaiter().GetResult();
        }
        catch (Exception e) when (e is IOException or SocketException or InvalidOperationException or ObjectDisposedException)
        {
            // the connection is failing anyway: the socket shutdown that follows ends it
        }
    }

    private void StartDecryptionRead()
    {
        _plaintextStart = 0;
        _plaintextEnd = 0;
        _pendingRead = _tls.ReadAsync(_plaintext.AsMemory(0, PlaintextBufferSize));
    }

    /// <summary>Feeds socket ciphertext to the outstanding read; true when it produced plaintext.</summary>
    private bool TryTakeDecryptedRecord()
    {
        if (_peerClosed)
            return false;
        while (!_pendingRead.IsCompleted && _ciphertext.TryCompleteParkedRead())
        {
        }
        if (!_pendingRead.IsCompleted)
            return false;

        int decrypted;
        try
        {
            decrypted = _pendingRead.GetAwaiter().GetResult();
        }
        catch (IOException e)
        {
            _peerClosed = true;
            throw AsSocketException(e);
        }

        if (decrypted == 0)
        {
            _peerClosed = true;
            return false;
        }
        _plaintextStart = 0;
        _plaintextEnd = decrypted;
        return true;
    }

    /// <summary>The socket error underneath, or a TLS failure (bad record, alert) as an aborted connection.</summary>
    private static SocketException AsSocketException(IOException e) =>
        e.InnerException as SocketException
        ?? new TlsFailureException(Describe(e));

    // A server that supports none of the versions a client offers often just closes the connection, which the
    // client sees as an unexpected EOF, and so does a plain server (ours refuses a ClientHello at once); say what may
    // be behind it (e.g. offering only TLS 1.3 to a TLS 1.2 server).
    private string VersionHint(Exception failure)
    {
        if (_offered == SslProtocols.None)
            return "";
        bool closedOrVersion = false;
        for (Exception? e = failure; e is not null; e = e.InnerException)
            closedOrVersion |= e is IOException || e.Message.Contains("EOF", StringComparison.OrdinalIgnoreCase)
                || e.Message.Contains("version", StringComparison.OrdinalIgnoreCase);
        return closedOrVersion
            ? $"; the server may not be encrypted, or may not support the TLS versions offered ({OfferedNames()})"
            : "";
    }

    private string OfferedNames() => _offered switch
    {
        SslProtocols.Tls12 => "TLS 1.2 only",
        SslProtocols.Tls13 => "TLS 1.3 only",
        _ => "TLS 1.2 and 1.3",
    };

    private static string Describe(Exception e)
    {
        string text = e.Message;
        for (Exception? inner = e.InnerException; inner is not null; inner = inner.InnerException)
            text += " (" + inner.Message + ")";
        return text;
    }

    public void Dispose()
    {
        if (_disposed)
            return;
        _disposed = true;
        _ciphertext.AbandonParkedRead();
        _tls.Dispose();
        _ciphertext.Dispose();
        Socket.Dispose();
        ArrayPool<byte>.Shared.Return(_plaintext);
    }
}
