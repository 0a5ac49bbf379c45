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
        IPAddress address = AddressLookup.Resolve(host);
        var socket = new Socket(address.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            new SocketSettings(options.TcpNoDelay, options.SysSendBufSize, options.SysRecvBufSize,
                options.SendTimeoutMs, options.ReceiveTimeoutMs).Apply(socket);
            if (options.InterfaceName is not null)
                BindInterface(socket, options.InterfaceName);
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

    /// <summary>
    /// Binds the local end to the interface the options name; a name or address this host does not have fails with
    /// <see cref="InterfaceUnusableException"/>, so the error names the interface and not the server.
    /// </summary>
    private static void BindInterface(Socket socket, string interfaceName)
    {
        try
        {
            socket.Bind(new IPEndPoint(AddressLookup.Resolve(interfaceName), 0));
        }
        catch (SocketException e)
        {
            throw new InterfaceUnusableException(interfaceName, e);
        }
    }

    /// <summary>Wraps a connected socket in the stream the connection type needs.</summary>
    public static IChannelStream CreateStream(Socket socket, ConnectOptions options) => options.ConnectionType switch
    {
        ConnectionType.Socket or ConnectionType.WebSocket => new PlainSocketStream(socket),
        _ => StreamFactory.CreateClientTls(socket, options),
    };
}

/// <summary>The client's interface (<c>ConnectOptions.InterfaceName</c>) is not a name or address of this host.</summary>
internal sealed class InterfaceUnusableException(string interfaceName, SocketException inner)
    : Exception($"the interface {interfaceName} cannot be used here: {inner.SocketErrorCode}", inner)
{
    public int NativeErrorCode => inner.NativeErrorCode;
}
