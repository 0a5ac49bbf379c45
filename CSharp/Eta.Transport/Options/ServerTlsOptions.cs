namespace Eta.Transport;

/// <summary>TLS settings of an <see cref="ConnectionType.Encrypted"/> server.</summary>
public sealed record ServerTlsOptions
{
    /// <summary>PEM certificate (chain) file.</summary>
    public required string CertificateFile { get; init; }

    /// <summary>PEM private key file of the certificate.</summary>
    public required string PrivateKeyFile { get; init; }

    public void Validate()
    {
        if (!File.Exists(CertificateFile))
            throw new FileNotFoundException($"TLS certificate file '{CertificateFile}' not found.", CertificateFile);
        if (!File.Exists(PrivateKeyFile))
            throw new FileNotFoundException($"TLS private key file '{PrivateKeyFile}' not found.", PrivateKeyFile);
    }
}
