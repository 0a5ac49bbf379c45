using System.Security.Authentication;

namespace Eta.Transport;

/// <summary>TLS settings of an <see cref="ConnectionType.Encrypted"/> server.</summary>
public sealed record ServerTlsOptions
{
    /// <summary>PEM certificate (chain) file.</summary>
    public required string CertificateFile { get; init; }

    /// <summary>PEM private key file of the certificate.</summary>
    public required string PrivateKeyFile { get; init; }

    /// <summary>TLS versions the server accepts: TLS 1.2 and/or 1.3; both by default.</summary>
    public SslProtocols Protocols { get; init; } = SslProtocols.Tls12 | SslProtocols.Tls13;

    /// <summary>
    /// Checks that both files are named. Their content is read when the server binds: a file that is missing or does
    /// not hold what it should makes <see cref="Transport.Bind"/> fail with an error naming it, as a port in use does.
    /// </summary>
    public void Validate()
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(CertificateFile);
        ArgumentException.ThrowIfNullOrWhiteSpace(PrivateKeyFile);
    }
}
