using System.Net;
using System.Net.Sockets;

namespace Eta.Transport.Tests.Proxy;

/// <summary>Echoes every byte back on each accepted connection, until disposed.</summary>
internal sealed class LoopbackEchoServer : IDisposable
{
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly CancellationTokenSource _stop = new();

    public LoopbackEchoServer()
    {
        _listener.Start();
        _ = AcceptLoopAsync();
    }

    public int Port => ((IPEndPoint)_listener.LocalEndpoint).Port;

    private async Task AcceptLoopAsync()
    {
        try
        {
            while (true)
            {
                TcpClient connection = await _listener.AcceptTcpClientAsync(_stop.Token);
                _ = EchoAsync(connection);
            }
        }
        catch (OperationCanceledException)
        {
        }
    }

    private async Task EchoAsync(TcpClient connection)
    {
        using (connection)
        {
            NetworkStream stream = connection.GetStream();
            var buffer = new byte[4096];
            try
            {
                int count;
                while ((count = await stream.ReadAsync(buffer, _stop.Token)) > 0)
                    await stream.WriteAsync(buffer.AsMemory(0, count), _stop.Token);
            }
            catch (Exception e) when (e is IOException or OperationCanceledException)
            {
            }
        }
    }

    public void Dispose()
    {
        _stop.Cancel();
        _listener.Stop();
    }
}
