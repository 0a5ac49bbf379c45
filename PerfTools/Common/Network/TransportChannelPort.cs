using System.Net.Sockets;
using Eta.Transport;

namespace PerfTools.Common.Network;

/// <summary><see cref="IChannelPort"/> on an RSSL <see cref="Channel"/>. Allocates nothing.</summary>
public sealed class TransportChannelPort : IChannelPort
{
    private readonly Channel _channel;

    public TransportChannelPort(Channel channel) => _channel = channel;

    public Channel Channel => _channel;

    public Socket Socket => _channel.Socket;

    public TransportReturnCode Read(out ReadOnlySpan<byte> message, out bool received)
    {
        TransportReturnCode rc = _channel.Read(out TransportBuffer? buffer);
        received = buffer is not null;
        message = received ? buffer!.Contents : default;
        return rc;
    }

    public TransportReturnCode Write(TransportBuffer buffer, WriteArgs args) => _channel.Write(buffer, args);

    public TransportReturnCode Flush() => _channel.Flush();
}
