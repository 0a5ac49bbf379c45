using System.Net;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace Eta.Transport.Tests.Tls;

/// <summary>
/// A self-signed server certificate for "localhost"/127.0.0.1, made in the test and written as PEM files
/// (certificate and PKCS#8 private key) to a temporary folder that is deleted on dispose.
/// </summary>
internal sealed class TestCertificateFiles : IDisposable
{
    public TestCertificateFiles(bool rsa = false)
    {
        Folder = Directory.CreateTempSubdirectory("eta-tls-test-").FullName;
        CertificateFile = Path.Combine(Folder, "server.crt");
        KeyFile = Path.Combine(Folder, "server.key");

        using AsymmetricAlgorithm key = rsa ? RSA.Create(2048) : ECDsa.Create(ECCurve.NamedCurves.nistP256);
        CertificateRequest request = rsa
            ? new CertificateRequest("CN=localhost", (RSA)key, HashAlgorithmName.SHA256, RSASignaturePadding.Pkcs1)
            : new CertificateRequest("CN=localhost", (ECDsa)key, HashAlgorithmName.SHA256);
        var names = new SubjectAlternativeNameBuilder();
        names.AddDnsName("localhost");
        names.AddIpAddress(IPAddress.Loopback);
        request.CertificateExtensions.Add(names.Build());
        request.CertificateExtensions.Add(new X509BasicConstraintsExtension(true, false, 0, true));
        request.CertificateExtensions.Add(new X509EnhancedKeyUsageExtension([new Oid("1.3.6.1.5.5.7.3.1")], false));

        using X509Certificate2 certificate =
            request.CreateSelfSigned(DateTimeOffset.UtcNow.AddMinutes(-5), DateTimeOffset.UtcNow.AddDays(1));
        File.WriteAllText(CertificateFile, certificate.ExportCertificatePem());
        File.WriteAllText(KeyFile, key.ExportPkcs8PrivateKeyPem());
    }

    public string Folder { get; }
    public string CertificateFile { get; }
    public string KeyFile { get; }

    public void Dispose() => Directory.Delete(Folder, recursive: true);
}
