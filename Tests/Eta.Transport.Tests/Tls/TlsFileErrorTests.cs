using Xunit;

namespace Eta.Transport.Tests.Tls;

/// <summary>
/// A TLS file that is missing or does not hold what it should is the user's mistake, not the program's: Bind
/// returns null with an error naming the file (as for a port in use), and a client's Init fails with one, instead of
/// an exception escaping to the tool.
/// </summary>
public sealed class TlsFileErrorTests : IDisposable
{
    private readonly TestCertificateFiles _certificate = new(signedByTestCa: true);

    public void Dispose()
    {
        Transport.Uninitialize();
        _certificate.Dispose();
    }

    private string Missing => Path.Combine(_certificate.Folder, "no-such.pem");

    private string Garbage
    {
        get
        {
            string path = Path.Combine(_certificate.Folder, "garbage.pem");
            File.WriteAllText(path, "not a certificate\n");
            return path;
        }
    }

    [Fact]
    public void Bind_reports_a_missing_certificate_file_by_name()
    {
        string error = BindFailure(new ServerTlsOptions { CertificateFile = Missing, PrivateKeyFile = _certificate.KeyFile });

        Assert.Contains("TLS certificate file not found", error);
        Assert.Contains(Missing, error);
    }

    [Fact]
    public void Bind_reports_a_missing_key_file_by_name()
    {
        string error = BindFailure(new ServerTlsOptions { CertificateFile = _certificate.CertificateFile, PrivateKeyFile = Missing });

        Assert.Contains(Missing, error);
    }

    [Fact]
    public void Bind_reports_a_certificate_file_that_holds_no_certificate()
    {
        string garbage = Garbage;

        string error = BindFailure(new ServerTlsOptions { CertificateFile = garbage, PrivateKeyFile = garbage });

        Assert.Contains(garbage, error);
    }

    [Fact]
    public void A_client_whose_CA_file_is_missing_fails_Init_with_its_name()
    {
        Assert.Contains(Missing, ClientInitFailure(Missing));
    }

    [Fact]
    public void A_client_whose_CA_file_holds_no_certificate_fails_Init_with_its_name()
    {
        string garbage = Garbage;

        Assert.Contains(garbage, ClientInitFailure(garbage));
    }

    private static string BindFailure(ServerTlsOptions tls)
    {
        Transport.Initialize();
        Server? server = Transport.Bind(new BindOptions { Port = 0, InterfaceName = "127.0.0.1", ConnectionType = ConnectionType.Encrypted, Tls = tls },
            out TransportError? error);
        server?.Close();
        Assert.Null(server);
        Assert.NotNull(error);
        Assert.Equal(TransportReturnCode.Failure, error.Code);
        return error.Text;
    }

    private string ClientInitFailure(string caFile)
    {
        Server server = Support.Loopback.Bind(new BindOptions
        {
            ConnectionType = ConnectionType.Encrypted,
            Tls = new ServerTlsOptions { CertificateFile = _certificate.CertificateFile, PrivateKeyFile = _certificate.KeyFile },
        });
        Channel? client = null;
        try
        {
            client = Transport.Connect(Support.Loopback.ClientOptions(server, new ConnectOptions
            {
                ConnectionType = ConnectionType.Encrypted,
                Tls = new ClientTlsOptions { TargetHost = "localhost", TrustedCaFile = caFile },
            }), out TransportError? error);
            Assert.True(client is not null, error?.ToString());

            using var deadline = new CancellationTokenSource(Support.Loopback.Deadline);
            TransportReturnCode result;
            while ((result = client.Init()) == TransportReturnCode.ChanInitInProgress)
            {
                Assert.False(deadline.IsCancellationRequested, "the client's Init neither failed nor finished");
                client.Socket.Poll(1000, System.Net.Sockets.SelectMode.SelectWrite);
            }

            Assert.Equal(TransportReturnCode.Failure, result);
            return client.Error.Text;
        }
        finally
        {
            client?.Close();
            server.Close();
        }
    }
}
