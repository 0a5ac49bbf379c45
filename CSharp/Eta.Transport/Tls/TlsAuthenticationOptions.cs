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
        if (options.TrustedCertificateAuthorities is not null || options.AcceptSelfSignedServerCertificate)
            authentication.RemoteCertificateValidationCallback =
                (_, certificate, chain, errors) => AcceptServerCertificate(options, certificate, chain, errors);
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
    /// Accepts what the system's validation accepts; when only the chain failed (never a wrong host name),
    /// also a chain to one of the CA file's certificates, or, if allowed, a self-signed certificate.
    /// </summary>
    private static bool AcceptServerCertificate(
        TlsClientOptions options, X509Certificate? certificate, X509Chain? chain, SslPolicyErrors errors)
    {
        if (errors == SslPolicyErrors.None)
            return true;
        if (errors != SslPolicyErrors.RemoteCertificateChainErrors || certificate is not X509Certificate2 server || chain is null)
            return false;
        if (options.TrustedCertificateAuthorities is { } authorities && ChainsTo(authorities, server, chain))
            return true;
        return options.AcceptSelfSignedServerCertificate && IsSelfSigned(server, chain);
    }

    private static bool ChainsTo(X509Certificate2Collection authorities, X509Certificate2 server, X509Chain presented)
    {
        using var chain = new X509Chain();
        chain.ChainPolicy.TrustMode = X509ChainTrustMode.CustomRootTrust;
        chain.ChainPolicy.CustomTrustStore.AddRange(authorities);
        chain.ChainPolicy.RevocationMode = X509RevocationMode.NoCheck;
        foreach (X509ChainElement element in presented.ChainElements)
            chain.ChainPolicy.ExtraStore.Add(element.Certificate); // intermediates the server sent
        return chain.Build(server);
    }

    /// <summary>Its own issuer, and the only chain problem is that this self-made root is not trusted.</summary>
    private static bool IsSelfSigned(X509Certificate2 server, X509Chain chain) =>
        server.SubjectName.RawData.AsSpan().SequenceEqual(server.IssuerName.RawData)
        && chain.ChainElements.Count == 1
        && chain.ChainStatus.All(status => status.Status == X509ChainStatusFlags.UntrustedRoot);
}
