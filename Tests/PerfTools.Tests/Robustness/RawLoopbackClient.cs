using System.Runtime.InteropServices;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// A misbehaving client made of libc calls (Linux): connect to a loopback port, send a frame, wait until the server
/// closes the connection, close. It allocates no managed memory, so a test that counts the process's garbage
/// collections while many of these run measures the server alone.
/// </summary>
internal static unsafe partial class RawLoopbackClient
{
    private const int AfInet = 2;
    private const int SockStream = 1;

    public static bool IsSupported => OperatingSystem.IsLinux();

    /// <summary>One connection: sends <paramref name="frame"/>, reads until the server closes; false if the connect failed.</summary>
    public static bool SendAndWaitForClose(int port, ReadOnlySpan<byte> frame)
    {
        int fd = Socket(AfInet, SockStream, 0);
        if (fd < 0)
            return false;
        try
        {
            byte* address = stackalloc byte[16]; // sockaddr_in: family (host order), port (network order), 127.0.0.1
            new Span<byte>(address, 16).Clear();
            *(ushort*)address = AfInet;
            address[2] = (byte)(port >> 8);
            address[3] = (byte)port;
            address[4] = 127;
            address[7] = 1;
            if (Connect(fd, address, 16) != 0)
                return false;
            fixed (byte* data = frame)
                Send(fd, data, frame.Length, 0);
            byte* sink = stackalloc byte[256];
            while (Recv(fd, sink, 256, 0) > 0)
            {
            }
            return true;
        }
        finally
        {
            Close(fd);
        }
    }

    [LibraryImport("libc", EntryPoint = "socket")]
    private static partial int Socket(int domain, int type, int protocol);

    [LibraryImport("libc", EntryPoint = "connect")]
    private static partial int Connect(int fd, byte* address, int length);

    [LibraryImport("libc", EntryPoint = "send")]
    private static partial nint Send(int fd, byte* data, nint length, int flags);

    [LibraryImport("libc", EntryPoint = "recv")]
    private static partial nint Recv(int fd, byte* data, nint length, int flags);

    [LibraryImport("libc", EntryPoint = "close")]
    private static partial int Close(int fd);
}
