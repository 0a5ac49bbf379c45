using System.Security.Authentication;

namespace PerfTools.ConsPerf.Options;

/// <summary>The TLS versions an encrypted connection may negotiate (<c>-spTLSv1.2</c>, <c>-spTLSv1.3</c>).</summary>
[Flags]
public enum TlsVersions
{
    /// <summary>Neither flag given: TLS 1.2 and 1.3 are both offered.</summary>
    SystemDefault = 0,
    Tls12 = 1,
    Tls13 = 2,
}

public static class TlsVersionsExtensions
{
    /// <summary>The protocols the transport's client offers for these flags.</summary>
    public static SslProtocols ToSslProtocols(this TlsVersions versions) =>
        (versions.HasTls12(), versions.HasTls13()) switch
        {
            (true, false) => SslProtocols.Tls12,
            (false, true) => SslProtocols.Tls13,
            _ => SslProtocols.Tls12 | SslProtocols.Tls13,
        };

    private static bool HasTls12(this TlsVersions versions) => (versions & TlsVersions.Tls12) != 0;

    private static bool HasTls13(this TlsVersions versions) => (versions & TlsVersions.Tls13) != 0;
}
