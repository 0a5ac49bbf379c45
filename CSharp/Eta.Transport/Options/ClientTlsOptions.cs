namespace Eta.Transport;

/// <summary>TLS settings of an <see cref="ConnectionType.Encrypted"/> client connection.</summary>
public sealed record ClientTlsOptions
{
    /// <summary>Name the server certificate must carry; null means the connect host name.</summary>
    public string? TargetHost { get; init; }

    /// <summary>PEM file of a CA certificate to trust besides the system store (e.g. a test CA); null for none.</summary>
    public string? TrustedCaFile { get; init; }

    /// <summary>Accept a server certificate that signs itself (tests and lab setups only; the name must still match).</summary>
    public bool AcceptSelfSignedServerCertificate { get; init; }
}
