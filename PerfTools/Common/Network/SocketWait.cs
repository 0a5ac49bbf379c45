using System.Net.Sockets;
using System.Runtime.InteropServices;
using PerfTools.Common.Timing;

namespace PerfTools.Common.Network;

/// <summary>
/// Waits for socket readiness to the microsecond. .NET's Socket.Poll and Socket.Select hand poll() whole
/// milliseconds, so a provider thread that waits out the rest of a 1 ms tick sleeps 1 ms or more and starts its next
/// burst late, back to back with the one after it. On Linux this calls ppoll(2) with the timeout as given (LSEG's
/// tools likewise select() with a microsecond timeout); elsewhere it falls back to Select with the timeout rounded up
/// to whole milliseconds (<see cref="PollTimeout"/>). One instance per thread; allocates nothing once its pollfd
/// array has grown to the number of sockets.
/// </summary>
public sealed partial class SocketWait
{
    private const short PollIn = 0x001, PollOut = 0x004, PollErr = 0x008, PollHup = 0x010, PollNval = 0x020;
    private const int Interrupted = 4; // EINTR

    private PollFd[] _fds = new PollFd[4];

    /// <summary>True where waits keep microsecond timeouts (ppoll), false where they round up to milliseconds.</summary>
    public static bool IsPrecise { get; } = OperatingSystem.IsLinux();

    /// <summary>
    /// Waits up to <paramref name="timeout"/> until a socket of <paramref name="read"/> is readable (or failed) or one
    /// of <paramref name="write"/> (a subset of <paramref name="read"/>) is writable, then leaves in each list only
    /// the sockets that are ready for it, as Socket.Select does. Returns the number of sockets left in both lists.
    /// </summary>
    public int Wait(List<Socket> read, List<Socket>? write, TimeSpan timeout)
    {
        if (!IsPrecise)
        {
            Socket.Select(read, write is { Count: > 0 } ? write : null, null, PollTimeout.Microseconds(timeout));
            return read.Count + (write?.Count ?? 0);
        }
        int count = read.Count;
        if (_fds.Length < count)
            _fds = new PollFd[Math.Max(count, 2 * _fds.Length)];
        for (int i = 0; i < count; i++)
        {
            Socket socket = read[i];
            bool wantsWrite = write is not null && write.Contains(socket);
            _fds[i] = new PollFd { Fd = (int)socket.Handle, Events = (short)(PollIn | (wantsWrite ? PollOut : 0)) };
        }
        int ready = Poll(count, timeout);
        if (ready <= 0)
        {
            read.Clear();
            write?.Clear();
            return 0;
        }
        // Backwards so removing keeps the indexes of the sockets still to look at; write is a subset of read.
        for (int i = count - 1; i >= 0; i--)
        {
            short revents = _fds[i].REvents;
            Socket socket = read[i];
            if ((revents & (PollOut | PollErr | PollHup | PollNval)) == 0)
                write?.Remove(socket);
            if ((revents & (PollIn | PollErr | PollHup | PollNval)) == 0)
                read.RemoveAt(i);
        }
        return read.Count + (write?.Count ?? 0);
    }

    /// <summary>True when <paramref name="socket"/> is readable (or failed: the read says how) within <paramref name="timeout"/>.</summary>
    public bool WaitReadable(Socket socket, TimeSpan timeout)
    {
        if (!IsPrecise)
            return socket.Poll(PollTimeout.Microseconds(timeout), SelectMode.SelectRead);
        _fds[0] = new PollFd { Fd = (int)socket.Handle, Events = PollIn };
        return Poll(1, timeout) > 0;
    }

    private unsafe int Poll(int count, TimeSpan timeout)
    {
        long ticks = Math.Clamp(timeout.Ticks, 0, TimeSpan.TicksPerSecond);
        var spec = new TimeSpec { Seconds = (nint)(ticks / TimeSpan.TicksPerSecond), Nanoseconds = (nint)(ticks % TimeSpan.TicksPerSecond * 100) };
        fixed (PollFd* fds = _fds)
        {
            int rc = PPoll(fds, (nuint)count, &spec, 0);
            // A signal (the runtime's own, or a debugger's) ends the wait early: the caller's loop comes back.
            if (rc < 0 && Marshal.GetLastPInvokeError() != Interrupted)
                throw new SocketException(Marshal.GetLastPInvokeError());
            return rc;
        }
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct PollFd
    {
        public int Fd;
        public short Events;
        public short REvents;
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct TimeSpec
    {
        public nint Seconds;
        public nint Nanoseconds;
    }

    [LibraryImport("libc", EntryPoint = "ppoll", SetLastError = true)]
    private static unsafe partial int PPoll(PollFd* fds, nuint count, TimeSpec* timeout, nint signalMask);
}
