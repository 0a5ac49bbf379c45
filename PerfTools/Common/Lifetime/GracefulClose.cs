using System.Net.Sockets;
using Eta.Transport;

namespace PerfTools.Common.Lifetime;

/// <summary>
/// Closes an active channel so that the peer sees an orderly end of stream instead of a reset. Closing a socket
/// with unread input makes the OS send a reset, and a provider that is still streaming updates always leaves
/// some: so the sending side is shut first, what the peer still sends is read and dropped until it closes too
/// (or <see cref="DrainLimit"/> passes), and only then is the channel closed.
/// </summary>
public static class GracefulClose
{
    /// <summary>How long to wait for the peer to close its side before closing regardless.</summary>
    public static readonly TimeSpan DrainLimit = TimeSpan.FromSeconds(1);

    public static void Close(Channel channel)
    {
        if (channel.State == ChannelState.Active)
        {
            try
            {
                Socket socket = channel.Socket;
                socket.Shutdown(SocketShutdown.Send);
                Drain(socket);
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException or InvalidOperationException)
            {
                // Already failing or gone: the close below is all that is left to do.
            }
        }
        channel.Close();
    }

    private static void Drain(Socket socket)
    {
        Span<byte> discard = stackalloc byte[4096];
        long deadline = Environment.TickCount64 + (long)DrainLimit.TotalMilliseconds;
        while (true)
        {
            long left = deadline - Environment.TickCount64;
            if (left <= 0 || !socket.Poll(TimeSpan.FromMilliseconds(left), SelectMode.SelectRead))
                return;
            if (socket.Receive(discard, SocketFlags.None, out SocketError error) == 0 || error != SocketError.Success)
                return;
        }
    }
}
