using System.Net.Sockets;
using Eta.Transport;

namespace PerfTools.Common.Network;

/// <summary>
/// <see cref="IChannelPort"/> on an RSSL <see cref="Channel"/>. With <c>waitForWritable</c>, a flush the socket
/// refused (bytes still pending) makes the port ask the channel loop to wait for write readiness as well, so the
/// owner's flush after the pump runs as soon as the socket has room, instead of after the next read or tick (LSEG's
/// perf tools likewise select() for write while a flush is pending). Flushes still always go to the socket: a tick
/// with no spare time must not wait for the loop to look. Allocates nothing.
/// </summary>
public sealed class TransportChannelPort : IChannelPort
{
    private readonly Channel _channel;
    private readonly bool _waitForWritable;

    public TransportChannelPort(Channel channel, bool waitForWritable = false)
    {
        _channel = channel;
        _waitForWritable = waitForWritable;
    }

    public Channel Channel => _channel;

    public Socket Socket => _channel.Socket;

    public bool AwaitsWritable { get; private set; }

    public TransportReturnCode Read(out ReadOnlySpan<byte> message, out bool received)
    {
        TransportReturnCode rc = _channel.Read(out TransportBuffer? buffer);
        received = buffer is not null;
        message = received ? buffer!.Contents : default;
        return rc;
    }

    public TransportReturnCode Write(TransportBuffer buffer, WriteArgs args) => _channel.Write(buffer, args);

    public TransportReturnCode Flush()
    {
        TransportReturnCode rc = _channel.Flush();
        AwaitsWritable = _waitForWritable && rc > TransportReturnCode.Success;
        return rc;
    }

    public void OnWritable() => AwaitsWritable = false;
}
