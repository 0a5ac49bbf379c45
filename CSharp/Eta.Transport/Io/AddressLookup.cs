using System.Net;
using System.Net.Sockets;

namespace Eta.Transport.Io;

/// <summary>
/// A host or interface option (an IP literal or a name) to the address to use, IPv4 first as LSEG's transport does.
/// Fails only with <see cref="SocketException"/> (HostNotFound for a name with no address, or one DNS refuses outright:
/// longer than 255 characters, or malformed), which every caller turns into the transport's error.
/// </summary>
internal static class AddressLookup
{
    public static IPAddress Resolve(string hostOrAddress)
    {
        if (IPAddress.TryParse(hostOrAddress, out IPAddress? literal))
            return literal;
        IPAddress[] addresses;
        try
        {
            addresses = Dns.GetHostAddresses(hostOrAddress);
        }
        catch (ArgumentException)
        {
            throw new SocketException((int)SocketError.HostNotFound);
        }
        if (addresses.Length == 0)
            throw new SocketException((int)SocketError.HostNotFound);
        return Array.Find(addresses, a => a.AddressFamily == AddressFamily.InterNetwork) ?? addresses[0];
    }
}
