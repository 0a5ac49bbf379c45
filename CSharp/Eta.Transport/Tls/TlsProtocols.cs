using System.Security.Authentication;

namespace Eta.Transport.Tls;

/// <summary>The TLS versions an encrypted RSSL connection may use: 1.2 and 1.3, as ETA supports.</summary>
internal static class TlsProtocols
{
    public const SslProtocols Supported = SslProtocols.Tls12 | SslProtocols.Tls13;

    /// <summary>Throws <see cref="ArgumentException"/> unless <paramref name="protocols"/> is a non-empty subset of TLS 1.2/1.3.</summary>
    internal static SslProtocols Validate(SslProtocols protocols, string parameterName)
    {
        if (protocols == SslProtocols.None || (protocols & ~Supported) != 0)
            throw new ArgumentException(
                $"TLS protocols must be TLS 1.2 and/or TLS 1.3, not '{protocols}'", parameterName);
        return protocols;
    }
}
