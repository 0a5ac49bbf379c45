using System.Security.Cryptography;
using System.Text;

namespace Eta.Transport.WebSocket;

/// <summary>RFC 6455 section 4.2.2: <c>Sec-WebSocket-Accept</c> = Base64(SHA-1(key + GUID)); and the client's key.</summary>
internal static class AcceptKey
{
    private const string Guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

    public static string For(string clientKey) =>
        Convert.ToBase64String(SHA1.HashData(Encoding.ASCII.GetBytes(clientKey + Guid)));

    /// <summary>A fresh <c>Sec-WebSocket-Key</c>: 16 random bytes in Base64.</summary>
    public static string NewClientKey() => Convert.ToBase64String(RandomNumberGenerator.GetBytes(16));
}
