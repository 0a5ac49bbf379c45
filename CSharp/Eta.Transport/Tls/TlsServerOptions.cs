using System.Security.Authentication;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace Eta.Transport.Tls;

/// <summary>
/// The identity a server presents on encrypted connections: its certificate and private key, usually read
/// from the PEM files given to ProvPerf as <c>-cert</c> and <c>-keyfile</c>.
/// </summary>
internal sealed class TlsServerOptions
{
    /// <param name="certificate">Server certificate with its private key.</param>
    /// <param name="protocols">TLS 1.2 and/or 1.3; both by default.</param>
    /// <param name="writeTimeout">Longest wait for send-buffer space before a write fails; 10 s by default.</param>
    public TlsServerOptions(
        X509Certificate2 certificate, SslProtocols protocols = TlsProtocols.Supported, TimeSpan? writeTimeout = null)
    {
        ArgumentNullException.ThrowIfNull(certificate);
        if (!certificate.HasPrivateKey)
            throw new ArgumentException(
                $"the TLS server certificate '{certificate.Subject}' has no private key", nameof(certificate));
        Certificate = certificate;
        Protocols = TlsProtocols.Validate(protocols, nameof(protocols));
        WriteTimeout = writeTimeout ?? TimeSpan.FromSeconds(10);
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(WriteTimeout, TimeSpan.Zero, nameof(writeTimeout));
    }

    public X509Certificate2 Certificate { get; }
    public SslProtocols Protocols { get; }
    public TimeSpan WriteTimeout { get; }

    /// <summary>
    /// Reads the certificate (PEM) and its private key (PEM: PKCS#8, RSA or EC). Missing files give
    /// <see cref="FileNotFoundException"/>, unreadable content <see cref="CryptographicException"/>, each
    /// naming the file.
    /// </summary>
    public static TlsServerOptions FromPemFiles(
        string certificateFile,
        string privateKeyFile,
        SslProtocols protocols = TlsProtocols.Supported,
        TimeSpan? writeTimeout = null)
    {
        RequireFile(certificateFile, "certificate");
        RequireFile(privateKeyFile, "private key");
        X509Certificate2 certificate;
        try
        {
            certificate = X509Certificate2.CreateFromPemFile(certificateFile, privateKeyFile);
        }
        catch (CryptographicException e)
        {
            throw new CryptographicException(
                $"cannot load the TLS server certificate '{certificateFile}' with key '{privateKeyFile}': {e.Message}", e);
        }
        return new TlsServerOptions(certificate, protocols, writeTimeout);
    }

    private static void RequireFile(string path, string what)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(path);
        if (!File.Exists(path))
            throw new FileNotFoundException($"TLS {what} file not found: {path}", path);
    }
}
