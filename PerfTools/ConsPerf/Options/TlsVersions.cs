namespace PerfTools.ConsPerf.Options;

/// <summary>The TLS versions an encrypted connection may negotiate (<c>-spTLSv1.2</c>, <c>-spTLSv1.3</c>).</summary>
[Flags]
public enum TlsVersions
{
    /// <summary>Neither flag given: let the system choose.</summary>
    SystemDefault = 0,
    Tls12 = 1,
    Tls13 = 2,
}
