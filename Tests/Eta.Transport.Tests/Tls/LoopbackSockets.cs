using System.Net;
using System.Net.Sockets;

namespace Eta.Transport.Tests.Tls;

/// <summary>A connected pair of TCP sockets over 127.0.0.1 on an ephemeral port.</summary>
internal static class LoopbackSockets
{
    public static (Socket Client, Socket Server) Connect()
    {
        using var listener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        listener.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        listener.Listen(1);
        var client = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        client.Connect(listener.LocalEndPoint!);
        Socket server = listener.Accept();
        return (client, server);
    }
}
