using System.Security.Authentication;
using System.Security.Cryptography.X509Certificates;

namespace Eta.Transport.Tls;

/// <summary>
/// How a client authenticates the server of an encrypted connection. By default the server's certificate
/// must chain to the system's trusted roots and match <see cref="TargetHost"/>. A CA file adds the
/// certificates it holds as trusted roots besides the system's (as OpenSSL's CA file does for ETA).
/// <see cref="AcceptSelfSignedServerCertificate"/> is for tests and lab tools only: it also accepts a
/// certificate that signs itself. The host name must match in every case.
/// </summary>
internal sealed class TlsClientOptions
{
    /// <param name="targetHost">Server name the certificate must carry (also sent as SNI).</param>
    /// <param name="protocols">TLS 1.2 and/or 1.3; both by default.</param>
    /// <param name="caFile">Optional PEM file of CA certificates to trust besides the system store.</param>
    /// <param name="acceptSelfSignedServerCertificate">Accept a self-signed server certificate (tests, lab tools).</param>
    /// <param name="writeTimeout">Longest wait for send-buffer space before a write fails; 10 s by default.</param>
    public TlsClientOptions(
        string targetHost,
        SslProtocols protocols = TlsProtocols.Supported,
        string? caFile = null,
        bool acceptSelfSignedServerCertificate = false,
        TimeSpan? writeTimeout = null)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(targetHost);
        TargetHost = targetHost;
        Protocols = TlsProtocols.Validate(protocols, nameof(protocols));
        CaFile = caFile;
        TrustedCertificateAuthorities = caFile is null ? null : LoadCertificateAuthorities(caFile);
        AcceptSelfSignedServerCertificate = acceptSelfSignedServerCertificate;
        WriteTimeout = writeTimeout ?? TimeSpan.FromSeconds(10);
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(WriteTimeout, TimeSpan.Zero, nameof(writeTimeout));
    }

    public string TargetHost { get; }
    public SslProtocols Protocols { get; }
    public string? CaFile { get; }
    public bool AcceptSelfSignedServerCertificate { get; }
    public TimeSpan WriteTimeout { get; }

    /// <summary>The certificates read from <see cref="CaFile"/>, or null when there is none.</summary>
    internal X509Certificate2Collection? TrustedCertificateAuthorities { get; }

    private static X509Certificate2Collection LoadCertificateAuthorities(string caFile)
    {
        if (!File.Exists(caFile))
            throw new FileNotFoundException($"TLS CA file not found: {caFile}", caFile);
        var authorities = new X509Certificate2Collection();
        authorities.ImportFromPemFile(caFile);
        if (authorities.Count == 0)
            throw new System.Security.Cryptography.CryptographicException($"TLS CA file holds no PEM certificate: {caFile}");
        return authorities;
    }
}
