using System.Net;
using System.Net.Sockets;
using System.Text;
using Eta.Transport.Io;
using Eta.Transport.Proxy;
using Xunit;

namespace Eta.Transport.Tests.Proxy;

public sealed class HttpConnectHandshakeTests : IDisposable
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(5);
    private readonly LoopbackEchoServer _echo = new();

    [Fact]
    public void TunnelOpensAndCarriesBytesToTheTargetAndBack()
    {
        using var proxy = new TestConnectProxy(_ => TestConnectProxy.Respond("HTTP/1.1 200 Connection established\r\n\r\n"));
        using Socket socket = ConnectTo(proxy);

        new HttpConnectHandshake(socket, "127.0.0.1", _echo.Port, credentials: null).Run(Timeout);

        Assert.StartsWith($"CONNECT 127.0.0.1:{_echo.Port} HTTP/1.1\r\nHost: 127.0.0.1:{_echo.Port}\r\n", proxy.Request);
        Assert.DoesNotContain("Proxy-Authorization", proxy.Request);
        AssertEchoes(socket, "RIPC connect request");
    }

    [Fact]
    public void NonBlockingSocketIsDrivenStepByStep()
    {
        using var proxy = new TestConnectProxy(_ => TestConnectProxy.Respond("HTTP/1.0 200 OK\r\nVia: test\r\n\r\n"));
        using Socket socket = ConnectTo(proxy);
        socket.Blocking = false;
        var handshake = new HttpConnectHandshake(socket, "localhost", _echo.Port, credentials: null);
        using var deadline = new CancellationTokenSource(Timeout);

        HandshakeProgress progress;
        while ((progress = handshake.Continue()) == HandshakeProgress.InProgress)
        {
            Assert.False(deadline.IsCancellationRequested, "no answer in time");
            socket.Poll(TimeSpan.FromMilliseconds(100), SelectMode.SelectRead);
        }

        Assert.Equal(HandshakeProgress.Done, progress);
        Assert.Equal(200, handshake.StatusCode);
    }

    [Fact]
    public void AnAnswerThatIsNotHttpFailsAtOnceShowingItsFirstBytes()
    {
        using var proxy = new TestConnectProxy(_ => TestConnectProxy.Respond("SSH-2.0-OpenSSH_9.6\r\n"), keepOpen: true);
        using Socket socket = ConnectTo(proxy);

        // No header end ever comes: before the check, this waited out the whole timeout.
        var error = Assert.Throws<ProxyConnectException>(
            () => new HttpConnectHandshake(socket, "127.0.0.1", _echo.Port, credentials: null).Run(TimeSpan.FromMinutes(5)));

        Assert.Equal($"the proxy's answer to CONNECT 127.0.0.1:{_echo.Port} is not an HTTP response (they read as text: \"SSH-2.0-OpenSSH_9.6\")", error.Message);
    }

    [Fact]
    public void BasicCredentialsAreSentAndAccepted()
    {
        using var proxy = new TestConnectProxy(TestConnectProxy.RequiringBasic("trader", "s3cret:x"));
        using Socket socket = ConnectTo(proxy);

        new HttpConnectHandshake(socket, "127.0.0.1", _echo.Port, new ProxyCredentials("trader", "s3cret:x")).Run(Timeout);

        AssertEchoes(socket, "after authentication");
    }

    [Fact]
    public void MissingCredentialsGiveA407ThatSaysSo()
    {
        using var proxy = new TestConnectProxy(TestConnectProxy.RequiringBasic("trader", "secret"));
        using Socket socket = ConnectTo(proxy);

        var error = Assert.Throws<ProxyConnectException>(
            () => new HttpConnectHandshake(socket, "127.0.0.1", _echo.Port, credentials: null).Run(Timeout));

        Assert.Equal(407, error.StatusCode);
        Assert.Contains("requires authentication", error.Message);
        Assert.Contains("407 Proxy Authentication Required", error.Message);
    }

    [Fact]
    public void WrongCredentialsAreReportedAsRejected()
    {
        using var proxy = new TestConnectProxy(TestConnectProxy.RequiringBasic("trader", "secret"));
        using Socket socket = ConnectTo(proxy);

        var error = Assert.Throws<ProxyConnectException>(
            () => new HttpConnectHandshake(socket, "127.0.0.1", _echo.Port, new ProxyCredentials("trader", "guess")).Run(Timeout));

        Assert.Contains("rejected the credentials", error.Message);
        Assert.DoesNotContain("guess", error.Message);
    }

    [Fact]
    public void RefusalCarriesTheStatus()
    {
        using var proxy = new TestConnectProxy(_ => TestConnectProxy.Respond("HTTP/1.1 403 Forbidden\r\nContent-Length: 5\r\n\r\nnope!"));
        using Socket socket = ConnectTo(proxy);

        var error = Assert.Throws<ProxyConnectException>(
            () => new HttpConnectHandshake(socket, "127.0.0.1", _echo.Port, credentials: null).Run(Timeout));

        Assert.Equal(403, error.StatusCode);
        Assert.Contains($"refused CONNECT 127.0.0.1:{_echo.Port} (403 Forbidden)", error.Message);
    }

    [Theory]
    [InlineData("SSH-2.0-OpenSSH_9.6\r\n\r\n", "not an HTTP response")]
    [InlineData("HTTP/1.1 2OO OK\r\n\r\n", "not an HTTP response")]
    [InlineData("\u0000\u0001\u0002\n\n", "not an HTTP response")]
    [InlineData("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n", "malformed header line")]
    [InlineData("HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n", "malformed header line")]
    public void GarbageAnswersAreRejectedClearly(string answer, string expected)
    {
        using var proxy = new TestConnectProxy(_ => TestConnectProxy.Respond(answer));
        using Socket socket = ConnectTo(proxy);

        var error = Assert.Throws<ProxyConnectException>(
            () => new HttpConnectHandshake(socket, "127.0.0.1", _echo.Port, credentials: null).Run(Timeout));

        Assert.Contains(expected, error.Message);
    }

    [Fact]
    public void AnswerCutShortByTheProxyClosingIsReported()
    {
        using var proxy = new TestConnectProxy(_ => TestConnectProxy.Respond("HTTP/1.1 200 Connection established\r\n"));
        using Socket socket = ConnectTo(proxy);

        var error = Assert.Throws<ProxyConnectException>(
            () => new HttpConnectHandshake(socket, "127.0.0.1", 1, credentials: null).Run(Timeout));

        Assert.Contains("closed the connection after 37 bytes", error.Message);
    }

    [Fact]
    public void EndlessHeaderIsCutOffAtTheBound()
    {
        string endless = "HTTP/1.1 200 OK\r\n" + string.Concat(Enumerable.Repeat("X-Padding: 0123456789abcdef\r\n", 400));
        using var proxy = new TestConnectProxy(_ => TestConnectProxy.Respond(endless));
        using Socket socket = ConnectTo(proxy);

        var error = Assert.Throws<ProxyConnectException>(
            () => new HttpConnectHandshake(socket, "127.0.0.1", _echo.Port, credentials: null).Run(Timeout));

        Assert.Contains($"longer than {HttpConnectHandshake.MaxResponseHeaderBytes} bytes", error.Message);
    }

    [Fact]
    public void BytesRightAfterTheHeaderStayForTheTunnel()
    {
        using var proxy = new TestConnectProxy(_ => TestConnectProxy.Respond("HTTP/1.1 200 OK\r\n\r\nRIPC-ACK"));
        using Socket socket = ConnectTo(proxy);

        new HttpConnectHandshake(socket, "127.0.0.1", _echo.Port, credentials: null).Run(Timeout);

        Assert.Equal("RIPC-ACK", ReceiveText(socket, 8));
    }

    [Fact]
    public void SilentProxyTimesOut()
    {
        using var silent = new TcpListenerWithoutAnswer();
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        socket.Connect(IPAddress.Loopback, silent.Port);

        var error = Assert.Throws<ProxyConnectException>(
            () => new HttpConnectHandshake(socket, "127.0.0.1", 1, credentials: null).Run(TimeSpan.FromMilliseconds(200)));

        Assert.Contains("did not answer", error.Message);
    }

    [Theory]
    [InlineData("host with space")]
    [InlineData("evil\r\nX-Injected: 1")]
    public void TargetHostsThatWouldBreakTheRequestAreRefused(string host)
    {
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);

        Assert.Throws<ArgumentException>(() => new HttpConnectHandshake(socket, host, 80, credentials: null));
    }

    [Fact]
    public void IPv6TargetsAreBracketed()
    {
        using var proxy = new TestConnectProxy(_ => TestConnectProxy.Respond("HTTP/1.1 502 Bad Gateway\r\n\r\n"));
        using Socket socket = ConnectTo(proxy);

        Assert.Throws<ProxyConnectException>(() => new HttpConnectHandshake(socket, "::1", 14002, credentials: null).Run(Timeout));

        Assert.StartsWith("CONNECT [::1]:14002 HTTP/1.1\r\n", proxy.Request);
    }

    private static Socket ConnectTo(TestConnectProxy proxy)
    {
        var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        socket.Connect(IPAddress.Loopback, proxy.Port);
        return socket;
    }

    private static void AssertEchoes(Socket socket, string text)
    {
        socket.Blocking = true;
        socket.Send(Encoding.ASCII.GetBytes(text));
        Assert.Equal(text, ReceiveText(socket, text.Length));
    }

    private static string ReceiveText(Socket socket, int length)
    {
        socket.Blocking = true;
        socket.ReceiveTimeout = (int)Timeout.TotalMilliseconds;
        var buffer = new byte[length];
        int total = 0;
        while (total < length)
        {
            int count = socket.Receive(buffer, total, length - total, SocketFlags.None);
            Assert.True(count > 0, "connection closed early");
            total += count;
        }
        return Encoding.ASCII.GetString(buffer);
    }

    public void Dispose() => _echo.Dispose();

    /// <summary>Accepts connections and never says anything.</summary>
    private sealed class TcpListenerWithoutAnswer : IDisposable
    {
        private readonly TcpListener _listener = new(IPAddress.Loopback, 0);

        public TcpListenerWithoutAnswer() => _listener.Start();

        public int Port => ((IPEndPoint)_listener.LocalEndpoint).Port;

        public void Dispose() => _listener.Stop();
    }
}
