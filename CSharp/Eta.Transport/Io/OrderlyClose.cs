using System.Buffers;
using System.Net.Sockets;

namespace Eta.Transport.Io;

/// <summary>
/// Ends a connection the way a TCP peer expects at the end of a run: the socket is shut down for sending (the peer
/// reads the last frame, then end of stream), and what the peer still sends is read and discarded until its own end
/// of stream, before the socket is closed. Closing a socket with unread bytes in its receive buffer, or receiving
/// bytes after closing it, makes the kernel answer with a reset, which LSEG's C transport logs as
/// <c>ipcRead() failure. Connection reset by peer</c>: an ADS operator reads that as a crash.
/// The draining runs in the background, bounded by <see cref="DrainLimit"/>, so a caller closing several channels
/// does not wait for each peer in turn; <see cref="WaitForPending"/> (called by <see cref="Transport.Uninitialize"/>
/// and at process exit) waits for them, so a tool that ends right after closing still ends cleanly.
/// </summary>
internal static class OrderlyClose
{
    /// <summary>Longest a close waits for queued frames to leave (the peer may have stopped reading).</summary>
    public static readonly TimeSpan FlushLimit = TimeSpan.FromSeconds(1);

    /// <summary>Longest a close waits for a socket that takes none of the queued bytes.</summary>
    public static readonly TimeSpan StalledLimit = TimeSpan.FromMilliseconds(100);

    /// <summary>Longest a closed connection waits for the peer's end of stream before the socket is closed anyway.</summary>
    public static readonly TimeSpan DrainLimit = TimeSpan.FromSeconds(2);

    private const int ScratchSize = 16 * 1024;
    private static readonly object s_lock = new();
    private static int s_pending;

    static OrderlyClose() => AppDomain.CurrentDomain.ProcessExit += (_, _) => WaitForPending(DrainLimit);

    /// <summary>
    /// Shuts <paramref name="stream"/>'s socket down for sending and disposes the stream once the peer ended its
    /// side, or after <see cref="DrainLimit"/>. The caller has flushed what it meant to send.
    /// </summary>
    public static void Finish(IChannelStream stream)
    {
        try
        {
            stream.EndOutput();
            stream.Socket.Shutdown(SocketShutdown.Send);
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException)
        {
            stream.Dispose(); // already broken: nothing to end in order
            return;
        }
        lock (s_lock)
            s_pending++;
        _ = DrainThenDisposeAsync(stream);
    }

    /// <summary>Waits until every connection handed to <see cref="Finish"/> is closed, or <paramref name="limit"/> passes.</summary>
    public static void WaitForPending(TimeSpan limit)
    {
        long deadline = Environment.TickCount64 + (long)limit.TotalMilliseconds;
        lock (s_lock)
        {
            while (s_pending > 0)
            {
                long left = deadline - Environment.TickCount64;
                if (left <= 0 || !Monitor.Wait(s_lock, (int)left))
                    return;
            }
        }
    }

    private static async Task DrainThenDisposeAsync(IChannelStream stream)
    {
        byte[] scratch = ArrayPool<byte>.Shared.Rent(ScratchSize);
        try
        {
            using var limit = new CancellationTokenSource(DrainLimit);
            while (await stream.Socket.ReceiveAsync(scratch, SocketFlags.None, limit.Token).ConfigureAwait(false) > 0)
            {
                // discarded: the channel is closed
            }
        }
        catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException)
        {
            // the peer did not end in time, or reset: close anyway
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
            stream.Dispose();
            lock (s_lock)
            {
                s_pending--;
                Monitor.PulseAll(s_lock);
            }
        }
    }
}
