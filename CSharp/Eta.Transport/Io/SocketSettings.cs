using System.Net;
using System.Net.Sockets;

namespace Eta.Transport.Io;

/// <summary>Socket options shared by client and server channels, applied the same way to both.</summary>
internal readonly record struct SocketSettings(bool TcpNoDelay, int SendBufferSize, int ReceiveBufferSize, int SendTimeoutMs, int ReceiveTimeoutMs)
{
    /// <summary>ETA's system buffer size when the option is 0.</summary>
    public const int DefaultSystemBufferSize = 65535;

    public void Apply(Socket socket)
    {
        socket.NoDelay = TcpNoDelay;
        socket.SendBufferSize = SendBufferSize > 0 ? SendBufferSize : DefaultSystemBufferSize;
        socket.ReceiveBufferSize = ReceiveBufferSize > 0 ? ReceiveBufferSize : DefaultSystemBufferSize;
        socket.SendTimeout = SendTimeoutMs;
        socket.ReceiveTimeout = ReceiveTimeoutMs;
    }
}
