using System.Net.Security;
using System.Security.Cryptography.X509Certificates;

namespace Eta.Transport.Tls;

/// <summary>Translates our TLS options into SslStream's authentication options (built once per connection).</summary>
internal static class TlsAuthenticationOptions
{
    public static SslClientAuthenticationOptions ForClient(TlsClientOptions options)
    {
        var authentication = new SslClientAuthenticationOptions
        {
            TargetHost = options.TargetHost,
            EnabledSslProtocols = options.Protocols,
            CertificateRevocationCheckMode = X509RevocationMode.NoCheck,
        };
        if (options.TrustedCertificateAuthorities is { } authorities)
        {
            authentication.CertificateChainPolicy = new X509ChainPolicy
            {
                TrustMode = X509ChainTrustMode.CustomRootTrust,
                RevocationMode = X509RevocationMode.NoCheck,
            };
            authentication.CertificateChainPolicy.CustomTrustStore.AddRange(authorities);
        }
        if (options.AcceptSelfSignedServerCertificate)
            authentication.RemoteCertificateValidationCallback = AcceptValidOrSelfSigned;
        return authentication;
    }

    public static SslServerAuthenticationOptions ForServer(TlsServerOptions options) => new()
    {
        ServerCertificate = options.Certificate,
        EnabledSslProtocols = options.Protocols,
        ClientCertificateRequired = false,
        CertificateRevocationCheckMode = X509RevocationMode.NoCheck,
    };

    /// <summary>
    /// Accepts what normal validation accepts, plus a certificate that is its own issuer and whose only
    /// chain problem is that this self-made root is not trusted. A wrong host name is still refused.
    /// </summary>
    private static bool AcceptValidOrSelfSigned(
        object sender, X509Certificate? certificate, X509Chain? chain, SslPolicyErrors errors)
    {
        if (errors == SslPolicyErrors.None)
            return true;
        if (errors != SslPolicyErrors.RemoteCertificateChainErrors || certificate is null || chain is null)
            return false;
        return certificate.Subject == certificate.Issuer
            && chain.ChainElements.Count == 1
            && chain.ChainStatus.All(status => status.Status == X509ChainStatusFlags.UntrustedRoot);
    }
}
