using System.Net;
using System.Net.Sockets;
using Eta.Transport;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>A refused connection reports the operating system's own error number (errno 111 on Linux, not WSA's 10061).</summary>
public sealed class SocketErrorTests
{
    private const int LinuxConnectionRefused = 111;

    [Fact]
    public void A_refused_connection_reports_the_linux_errno_on_linux()
    {
        if (!OperatingSystem.IsLinux())
            Assert.Skip("errno values are Linux's; other systems report their own");
        int port = ClosedPort();

        TransportError? error = ConnectAndInit(port);

        Assert.NotNull(error);
        Assert.Equal(LinuxConnectionRefused, error.SystemError);
        Assert.Contains("(system error 111)", error.ToString());
    }

    private static TransportError? ConnectAndInit(int port)
    {
        Transport.Initialize();
        var options = new ConnectOptions { Host = "127.0.0.1", Port = port, Blocking = false };
        Channel? channel = Transport.Connect(options, out TransportError? failure);
        if (channel is null)
        {
            Transport.Uninitialize();
            return failure;
        }
        try
        {
            long deadline = Environment.TickCount64 + 20_000;
            while (Environment.TickCount64 < deadline)
            {
                TransportReturnCode rc = channel.Init();
                if (rc < TransportReturnCode.Success)
                    return channel.Error;
                Assert.NotEqual(TransportReturnCode.Success, rc); // nothing listens: the handshake cannot succeed
                channel.Socket.Poll(TimeSpan.FromMilliseconds(50), SelectMode.SelectRead);
            }
            return null;
        }
        finally
        {
            channel.Close();
            Transport.Uninitialize();
        }
    }

    private static int ClosedPort()
    {
        using var probe = new TcpListener(IPAddress.Loopback, 0);
        probe.Start();
        return ((IPEndPoint)probe.LocalEndpoint).Port;
    }
}
