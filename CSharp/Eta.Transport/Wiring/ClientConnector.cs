using System.Net;
using System.Net.Sockets;
using Eta.Transport.Io;

namespace Eta.Transport.Wiring;

/// <summary>Opens client sockets as the options say (interface, buffers, Nagle) and wraps them in a stream.</summary>
internal static class ClientConnector
{
    /// <summary>Starts a non-blocking TCP connect to the server (or the proxy). SocketException when it fails at once.</summary>
    public static Socket BeginConnect(ConnectOptions options)
    {
        string host = options.Proxy?.Host ?? options.Host;
        int port = options.Proxy?.Port ?? options.Port;
        IPAddress address = Resolve(host);
        var socket = new Socket(address.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            new SocketSettings(options.TcpNoDelay, options.SysSendBufSize, options.SysRecvBufSize,
                options.SendTimeoutMs, options.ReceiveTimeoutMs).Apply(socket);
            if (options.InterfaceName is not null)
                socket.Bind(new IPEndPoint(SocketSettings.ResolveInterface(options.InterfaceName), 0));
            socket.Blocking = false;
            try
            {
                socket.Connect(new IPEndPoint(address, port));
            }
            catch (SocketException e) when (e.SocketErrorCode is SocketError.WouldBlock or SocketError.InProgress)
            {
                // completes asynchronously; ClientHandshake polls for it
            }
            return socket;
        }
        catch
        {
            socket.Dispose();
            throw;
        }
    }

    /// <summary>Wraps a connected socket in the stream the connection type needs.</summary>
    public static IChannelStream CreateStream(Socket socket, ConnectOptions options) => options.ConnectionType switch
    {
        ConnectionType.Socket or ConnectionType.WebSocket => new PlainSocketStream(socket),
        _ => StreamFactory.CreateClientTls(socket, options),
    };

    private static IPAddress Resolve(string host)
    {
        if (IPAddress.TryParse(host, out IPAddress? literal))
            return literal;
        IPAddress[] addresses = Dns.GetHostAddresses(host);
        if (addresses.Length == 0)
            throw new SocketException((int)SocketError.HostNotFound);
        return Array.Find(addresses, a => a.AddressFamily == AddressFamily.InterNetwork) ?? addresses[0];
    }
}
