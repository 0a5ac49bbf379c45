using System.Net.Sockets;

namespace Eta.Transport.Benchmarks;

/// <summary>
/// Waits for socket readiness on behalf of a benchmark loop. Socket.Poll itself allocates now and then,
/// so the bytes it allocates are counted apart and left out of the transport's per-message figure.
/// </summary>
internal sealed class Waiter
{
    public long PollAllocatedBytes { get; private set; }

    public void Wait(Socket socket, SelectMode mode)
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        socket.Poll(1000, mode);
        PollAllocatedBytes += GC.GetAllocatedBytesForCurrentThread() - before;
    }
}
