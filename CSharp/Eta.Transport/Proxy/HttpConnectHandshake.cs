using System.Net;
using System.Net.Sockets;
using System.Text;
using Eta.Transport.Io;

namespace Eta.Transport.Proxy;

/// <summary>
/// Opens a tunnel through an HTTP proxy with CONNECT (RFC 9110 §9.3.6) on a socket already connected to the
/// proxy, optionally with Basic authentication. Driven step by step by <see cref="Continue"/> so it fits the
/// channel's non-blocking connection loop; <see cref="Run"/> drives it to the end for blocking callers.
/// The response is peeked and only its header is consumed, so bytes the far end sends right after it stay
/// in the socket for RIPC. The header may be at most <see cref="MaxResponseHeaderBytes"/> long.
/// </summary>
internal sealed class HttpConnectHandshake
{
    public const int MaxResponseHeaderBytes = 8 * 1024;

    private static ReadOnlySpan<byte> HttpPrefix => "HTTP/"u8;

    private readonly Socket _socket;
    private readonly string _target;
    private readonly bool _sentCredentials;
    private readonly byte[] _request;
    private readonly byte[] _response = new byte[MaxResponseHeaderBytes];
    private int _requestSent;
    private int _received;
    private HandshakeProgress _progress = HandshakeProgress.InProgress;

    public HttpConnectHandshake(Socket proxySocket, string targetHost, int targetPort, ProxyCredentials? credentials)
    {
        ArgumentNullException.ThrowIfNull(proxySocket);
        ArgumentException.ThrowIfNullOrWhiteSpace(targetHost);
        ArgumentOutOfRangeException.ThrowIfLessThan(targetPort, 1);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(targetPort, 65_535);
        if (targetHost.Any(c => char.IsWhiteSpace(c) || char.IsControl(c) || c is '/' or '@'))
            throw new ArgumentException($"'{targetHost}' is not a host name or address", nameof(targetHost));

        _socket = proxySocket;
        _target = Authority(targetHost, targetPort);
        _sentCredentials = credentials is not null;
        _request = BuildRequest(_target, credentials);
    }

    /// <summary>Why the tunnel was not opened, once <see cref="Continue"/> returned Failed.</summary>
    public string? FailureReason { get; private set; }

    /// <summary>The proxy's status code once it answered (0 before).</summary>
    public int StatusCode { get; private set; }

    /// <summary>Bytes of the proxy's answer taken so far.</summary>
    public int Received => _received;

    /// <summary>The proxy's answer so far as the handshake's errors show it.</summary>
    public string AnswerSoFar => Handshake.OpeningBytes.Describe(_response.AsSpan(0, _received));

    /// <summary>Sends what the socket takes of the request, then looks for the complete response header.</summary>
    public HandshakeProgress Continue()
    {
        if (_progress != HandshakeProgress.InProgress)
            return _progress;
        try
        {
            if (SendRequest())
                ReceiveResponse();
        }
        catch (SocketException e)
        {
            Fail($"socket error talking to the proxy about {_target}: {e.SocketErrorCode} ({e.Message})");
        }
        return _progress;
    }

    /// <summary>Drives the handshake to the end, waiting on the socket; throws <see cref="ProxyConnectException"/> on failure.</summary>
    public void Run(TimeSpan timeout)
    {
        DateTime deadline = DateTime.UtcNow + timeout;
        while (Continue() == HandshakeProgress.InProgress)
        {
            TimeSpan left = deadline - DateTime.UtcNow;
            if (left <= TimeSpan.Zero)
                Fail($"the proxy did not answer CONNECT {_target} within {timeout.TotalSeconds:0.###} s");
            else
                _socket.Poll(left, _requestSent < _request.Length ? SelectMode.SelectWrite : SelectMode.SelectRead);
        }
        if (_progress == HandshakeProgress.Failed)
            throw new ProxyConnectException(FailureReason!, StatusCode);
    }

    /// <summary>True once the whole request is out.</summary>
    private bool SendRequest()
    {
        while (_requestSent < _request.Length)
        {
            int sent = _socket.Send(_request, _requestSent, _request.Length - _requestSent, SocketFlags.None, out SocketError status);
            if (status == SocketError.WouldBlock)
                return false;
            if (status != SocketError.Success)
                throw new SocketException((int)status);
            _requestSent += sent;
        }
        return true;
    }

    /// <summary>
    /// Takes the response header off the socket without touching what follows it: peek, and consume only
    /// bytes up to the header's end (all peeked bytes while no end is in sight, since they are all header).
    /// </summary>
    private void ReceiveResponse()
    {
        if (!_socket.Poll(0, SelectMode.SelectRead)) // keeps Continue non-blocking on a blocking socket too
            return;

        int peeked = _socket.Receive(
            _response, _received, _response.Length - _received, SocketFlags.Peek, out SocketError status);
        if (status == SocketError.WouldBlock)
            return;
        if (status != SocketError.Success)
            throw new SocketException((int)status);
        if (peeked == 0)
        {
            Fail($"the proxy closed the connection after {_received} bytes, before the end of its answer to CONNECT {_target}");
            return;
        }

        // An answer that does not open as HTTP never becomes one: say so now, not when the caller's time runs out.
        ReadOnlySpan<byte> opening = _response.AsSpan(0, Math.Min(_received + peeked, HttpPrefix.Length));
        if (!HttpPrefix.StartsWith(opening))
        {
            Fail($"the proxy's answer to CONNECT {_target} is not an HTTP response ({Handshake.OpeningBytes.Describe(_response.AsSpan(0, _received + peeked))})");
            return;
        }

        int headerLength = HttpConnectResponse.HeaderLength(_response.AsSpan(0, _received + peeked));
        int headerBytesHere = headerLength < 0 ? peeked : headerLength - _received;
        _received += _socket.Receive(_response, _received, headerBytesHere, SocketFlags.None);
        if (headerLength < 0)
        {
            if (_received == _response.Length)
                Fail($"the proxy's answer to CONNECT {_target} has a header longer than {MaxResponseHeaderBytes} bytes");
            return;
        }

        if (!HttpConnectResponse.TryParse(_response.AsSpan(0, headerLength), out HttpConnectResponse response, out string error))
        {
            Fail(error + $" (CONNECT {_target})");
            return;
        }
        StatusCode = response.StatusCode;
        if (response.IsSuccess)
            _progress = HandshakeProgress.Done;
        else
            Fail(Refusal(response));
    }

    private string Refusal(HttpConnectResponse response)
    {
        string status = $"{response.StatusCode} {HttpConnectResponse.Printable(response.ReasonPhrase)}".TrimEnd();
        return response.StatusCode == (int)HttpStatusCode.ProxyAuthenticationRequired
            ? _sentCredentials
                ? $"the proxy rejected the credentials for CONNECT {_target} ({status})"
                : $"the proxy requires authentication for CONNECT {_target} ({status}): give a user name and password"
            : $"the proxy refused CONNECT {_target} ({status})";
    }

    private void Fail(string reason)
    {
        FailureReason = reason;
        _progress = HandshakeProgress.Failed;
    }

    private static string Authority(string host, int port) =>
        IPAddress.TryParse(host, out IPAddress? address) && address.AddressFamily == AddressFamily.InterNetworkV6
            ? $"[{address}]:{port}"
            : $"{host}:{port}";

    private static byte[] BuildRequest(string target, ProxyCredentials? credentials)
    {
        var request = new StringBuilder()
            .Append("CONNECT ").Append(target).Append(" HTTP/1.1\r\n")
            .Append("Host: ").Append(target).Append("\r\n")
            .Append("Proxy-Connection: Keep-Alive\r\n");
        if (credentials is not null)
            request.Append("Proxy-Authorization: ").Append(credentials.BasicAuthorization()).Append("\r\n");
        return Encoding.ASCII.GetBytes(request.Append("\r\n").ToString());
    }
}
