using System.Net;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace Eta.Transport.Tests.Tls;

/// <summary>
/// A server certificate for "localhost"/127.0.0.1, made in the test and written as PEM files (certificate,
/// PKCS#8 private key) to a temporary folder deleted on dispose. Self-signed by default; with
/// <c>signedByTestCa</c> it is issued by a test CA whose certificate is written to <see cref="CaFile"/>.
/// </summary>
internal sealed class TestCertificateFiles : IDisposable
{
    public TestCertificateFiles(bool rsa = false, bool signedByTestCa = false)
    {
        Folder = Directory.CreateTempSubdirectory("eta-tls-test-").FullName;
        CertificateFile = Path.Combine(Folder, "server.crt");
        KeyFile = Path.Combine(Folder, "server.key");
        CaFile = Path.Combine(Folder, "ca.crt");
        DateTimeOffset notBefore = DateTimeOffset.UtcNow.AddMinutes(-5), notAfter = DateTimeOffset.UtcNow.AddDays(1);

        using AsymmetricAlgorithm key = rsa ? RSA.Create(2048) : ECDsa.Create(ECCurve.NamedCurves.nistP256);
        CertificateRequest request = Request("CN=localhost", key, isAuthority: !signedByTestCa);
        var names = new SubjectAlternativeNameBuilder();
        names.AddDnsName("localhost");
        names.AddIpAddress(IPAddress.Loopback);
        request.CertificateExtensions.Add(names.Build());
        request.CertificateExtensions.Add(new X509EnhancedKeyUsageExtension([new Oid("1.3.6.1.5.5.7.3.1")], false));

        if (signedByTestCa)
        {
            using var caKey = ECDsa.Create(ECCurve.NamedCurves.nistP256);
            using X509Certificate2 ca = Request("CN=ETA test CA", caKey, isAuthority: true).CreateSelfSigned(notBefore, notAfter.AddDays(1));
            using X509Certificate2 issued = request.Create(ca, notBefore, notAfter, [1, 2, 3, 4]);
            File.WriteAllText(CaFile, ca.ExportCertificatePem());
            File.WriteAllText(CertificateFile, issued.ExportCertificatePem());
        }
        else
        {
            using X509Certificate2 selfSigned = request.CreateSelfSigned(notBefore, notAfter);
            File.WriteAllText(CertificateFile, selfSigned.ExportCertificatePem());
        }
        File.WriteAllText(KeyFile, key.ExportPkcs8PrivateKeyPem());
    }

    public string Folder { get; }
    public string CertificateFile { get; }
    public string KeyFile { get; }

    /// <summary>The issuing CA's certificate (only written with <c>signedByTestCa</c>).</summary>
    public string CaFile { get; }

    private static CertificateRequest Request(string subject, AsymmetricAlgorithm key, bool isAuthority)
    {
        CertificateRequest request = key is RSA rsa
            ? new CertificateRequest(subject, rsa, HashAlgorithmName.SHA256, RSASignaturePadding.Pkcs1)
            : new CertificateRequest(subject, (ECDsa)key, HashAlgorithmName.SHA256);
        request.CertificateExtensions.Add(new X509BasicConstraintsExtension(isAuthority, false, 0, true));
        if (isAuthority)
            request.CertificateExtensions.Add(new X509KeyUsageExtension(X509KeyUsageFlags.KeyCertSign | X509KeyUsageFlags.DigitalSignature, true));
        return request;
    }

    public void Dispose() => Directory.Delete(Folder, recursive: true);
}
