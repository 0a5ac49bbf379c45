using System.Net;
using System.Net.Sockets;
using System.Text;

namespace Eta.Transport.Tests.Proxy;

/// <summary>
/// A minimal HTTP CONNECT proxy on loopback for one client. It reads the request header, lets the test
/// decide the answer (<see cref="Respond"/>), and when the answer is 2xx relays bytes between the client
/// and the requested target until either side closes. <see cref="Request"/> holds what the client sent.
/// </summary>
internal sealed class TestConnectProxy : IDisposable
{
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly CancellationTokenSource _stop = new(TimeSpan.FromSeconds(10));
    private readonly Func<string, byte[]> _respond;
    private readonly TaskCompletionSource<string> _request = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly bool _keepOpen;

    /// <param name="respond">Given the request header, the raw bytes to answer with.</param>
    /// <param name="keepOpen">Keep the connection open after a non-2xx answer (until the proxy's 10 s end) instead of closing it.</param>
    public TestConnectProxy(Func<string, byte[]> respond, bool keepOpen = false)
    {
        _respond = respond;
        _keepOpen = keepOpen;
        _listener.Start();
        _ = ServeOneAsync();
    }

    public int Port => ((IPEndPoint)_listener.LocalEndpoint).Port;

    /// <summary>The request header the client sent (waits for it, bounded).</summary>
    public string Request => _request.Task.WaitAsync(TimeSpan.FromSeconds(5)).GetAwaiter().GetResult();

    public static byte[] Respond(string text) => Encoding.ASCII.GetBytes(text);

    /// <summary>Answers 200 unless the request lacks "Proxy-Authorization: Basic base64(user:password)".</summary>
    public static Func<string, byte[]> RequiringBasic(string user, string password)
    {
        string expected = "Proxy-Authorization: Basic " + Convert.ToBase64String(Encoding.UTF8.GetBytes(user + ":" + password));
        return request => Respond(request.Contains(expected + "\r\n", StringComparison.Ordinal)
            ? "HTTP/1.1 200 Connection established\r\n\r\n"
            : "HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"test\"\r\nContent-Length: 0\r\n\r\n");
    }

    private async Task ServeOneAsync()
    {
        try
        {
            using TcpClient client = await _listener.AcceptTcpClientAsync(_stop.Token);
            NetworkStream clientStream = client.GetStream();
            string request = await ReadHeaderAsync(clientStream);
            _request.SetResult(request);

            byte[] answer = _respond(request);
            await clientStream.WriteAsync(answer, _stop.Token);
            if (!Encoding.ASCII.GetString(answer).StartsWith("HTTP/1.1 2", StringComparison.Ordinal))
            {
                if (_keepOpen)
                    await Task.Delay(Timeout.Infinite, _stop.Token);
                return;
            }

            string target = request.Split(' ')[1];
            int colon = target.LastIndexOf(':');
            using var upstream = new TcpClient();
            await upstream.ConnectAsync(target[..colon], int.Parse(target[(colon + 1)..]), _stop.Token);
            NetworkStream upstreamStream = upstream.GetStream();
            await Task.WhenAny(
                clientStream.CopyToAsync(upstreamStream, _stop.Token),
                upstreamStream.CopyToAsync(clientStream, _stop.Token));
        }
        catch (Exception e) when (e is IOException or OperationCanceledException or SocketException)
        {
            _request.TrySetException(e);
        }
    }

    private async Task<string> ReadHeaderAsync(NetworkStream stream)
    {
        var header = new List<byte>();
        var one = new byte[1];
        while (!header.AsEnumerable().Reverse().Take(4).SequenceEqual("\n\r\n\r"u8.ToArray()))
        {
            if (await stream.ReadAsync(one, _stop.Token) == 0)
                throw new IOException("client closed before the end of its request");
            header.Add(one[0]);
        }
        return Encoding.ASCII.GetString(header.ToArray());
    }

    public void Dispose()
    {
        _stop.Cancel();
        _listener.Stop();
    }
}
