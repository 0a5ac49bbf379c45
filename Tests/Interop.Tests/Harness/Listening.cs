using System.Globalization;
using System.Net;
using System.Net.Sockets;
using Xunit;

namespace Interop.Tests.Harness;

/// <summary>
/// Ports for the servers of a case, and waiting until one listens. The wait reads the kernel's socket tables
/// (/proc/net/tcp, tcp6) instead of connecting, so a probe never shows up in a server's log as a failed handshake.
/// </summary>
internal static class Listening
{
    private const string ListenState = "0A";

    /// <summary>A port free on this machine now (the kernel's choice), for a server that must be told its port.</summary>
    public static int FreePort()
    {
        using var probe = new TcpListener(IPAddress.Any, 0);
        probe.Start();
        int port = ((IPEndPoint)probe.LocalEndpoint).Port;
        probe.Stop();
        return port;
    }

    /// <summary>Waits until something listens on <paramref name="port"/>; fails with the server's output when it ends first or takes longer than <paramref name="limit"/>.</summary>
    public static async Task WaitAsync(PeerProcess server, int port, TimeSpan limit)
    {
        var deadline = DateTime.UtcNow + limit;
        while (!IsListening(port))
        {
            if (server.HasExited)
            {
                await server.WaitForExitAsync(TimeSpan.FromSeconds(10));
                Assert.Fail($"{server.Name} ended before listening on port {port}; its output:\n{server.Tail()}");
            }
            if (DateTime.UtcNow > deadline)
                Assert.Fail($"{server.Name} does not listen on port {port} after {limit.TotalSeconds:F0} s; its output:\n{server.Tail()}");
            await Task.Delay(50);
        }
    }

    public static bool IsListening(int port) =>
        ListensIn("/proc/net/tcp", port) || ListensIn("/proc/net/tcp6", port);

    private static bool ListensIn(string table, int port)
    {
        if (!File.Exists(table))
            return false;
        foreach (string line in File.ReadLines(table).Skip(1))
        {
            // "  sl  local_address rem_address   st ...": local_address is ADDR:PORT in hex.
            string[] fields = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            if (fields.Length < 4 || fields[3] != ListenState)
                continue;
            string local = fields[1];
            int colon = local.LastIndexOf(':');
            if (colon > 0 && int.Parse(local.AsSpan(colon + 1), NumberStyles.HexNumber, CultureInfo.InvariantCulture) == port)
                return true;
        }
        return false;
    }
}
