using Eta.Transport;
using PerfTools.Tests.ProvPerf;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// A TLS file given on the command line that is missing or holds no certificate ends the run with one line naming
/// it and the tool's setup or connection exit code. Before, the transport threw and every tool but TransportPerf
/// and NIProvPerf died with an unhandled exception (exit 134) and no summary.
/// </summary>
public sealed class TlsFileTests : IDisposable
{
    private readonly TempFolder _dir = new("tls-files-");

    public void Dispose() => _dir.Dispose();

    private string Out(string name) => _dir.File(name);

    private string Missing => Out("no-such.pem");

    private string Garbage()
    {
        File.WriteAllText(Out("garbage.pem"), "not a certificate\n");
        return Out("garbage.pem");
    }

    [Fact]
    public void ProvPerf_names_a_missing_certificate_file_and_exits_1()
    {
        (_, string keyFile) = SelfSignedCertificate.WriteTo(_dir.Path);
        var console = new StringWriter();

        int exit = global::PerfTools.ProvPerf.ProvPerfApp.Run(
            ["-p", "0", "-runTime", "1", "-c", "encrypted", "-cert", Missing, "-keyfile", keyFile,
                "-summaryFile", Out("ProvSummary.out"), "-statsFile", Out("ProvStats")],
            console, TestContext.Current.CancellationToken);

        Assert.Equal(1, exit);
        Assert.Contains($"ProvPerf: Bind: TLS certificate file not found: {Missing}", console.ToString());
    }

    [Fact]
    public void PerfHub_names_a_certificate_file_that_holds_no_certificate_and_exits_1()
    {
        (_, string keyFile) = SelfSignedCertificate.WriteTo(_dir.Path);
        string garbage = Garbage();
        var console = new StringWriter();

        int exit = global::PerfTools.PerfHub.PerfHubApp.Run(
            ["-p", "0", "-niPort", "0", "-runTime", "1", "-connType", "encrypted", "-cert", garbage, "-keyfile", keyFile,
                "-summaryFile", Out("HubSummary.out"), "-statsFile", Out("HubStats")],
            console, TestContext.Current.CancellationToken);

        Assert.Equal(1, exit);
        Assert.Contains($"PerfHub: Bind: cannot load the TLS server certificate '{garbage}'", console.ToString());
    }

    [Fact]
    public void ConsPerf_names_a_missing_CA_file_in_its_result_and_still_writes_its_summary()
    {
        (string certificateFile, string keyFile) = SelfSignedCertificate.WriteTo(_dir.Path);
        Transport.Initialize();
        Server? server = Transport.Bind(new BindOptions
        {
            Port = 0,
            InterfaceName = "127.0.0.1",
            ConnectionType = ConnectionType.Encrypted,
            Tls = new ServerTlsOptions { CertificateFile = certificateFile, PrivateKeyFile = keyFile },
        }, out TransportError? error);
        Assert.True(server is not null, error?.ToString());
        var console = new StringWriter();
        int exit;
        try
        {
            // The TCP connect succeeds (nothing accepts it), so the CA file is what the TLS setup trips on.
            exit = global::PerfTools.ConsPerf.ConsPerfApp.Run(
                ["-h", "localhost", "-p", $"{server.Port}", "-connType", "encrypted", "-castore", Missing, "-steadyStateTime", "1",
                    "-summaryFile", Out("ConsSummary.out"), "-statsFile", Out("ConsStats")],
                console, TestContext.Current.CancellationToken);
        }
        finally
        {
            server.Close();
            Transport.Uninitialize();
        }

        Assert.NotEqual(0, exit);
        Assert.Contains($"TLS CA file not found: {Missing}", console.ToString());
        Assert.Contains($"TLS CA file not found: {Missing}", File.ReadAllText(Out("ConsSummary.out")));
    }
}
