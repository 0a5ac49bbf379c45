using Eta.Transport.Tests.Compression;
using Xunit;

namespace Eta.Transport.Tests.Tls;

/// <summary>
/// RIPC inside TLS through the public channel API: a server with a CA-issued certificate from PEM files,
/// a client trusting that CA through its CA file, and messages of every size, compressed or not and
/// fragmented above the maximum fragment size, arriving intact both ways.
/// </summary>
public sealed class EncryptedChannelTests
{
    [Theory]
    [InlineData(CompressionType.None)]
    [InlineData(CompressionType.Zlib)]
    public void EncryptedChannelCarriesMessagesOfEverySizeBothWays(CompressionType compression)
    {
        using var certificate = new TestCertificateFiles(signedByTestCa: true);
        using Support.Loopback pair = Support.Loopback.Open(
            new BindOptions
            {
                ConnectionType = ConnectionType.Encrypted,
                CompressionType = compression,
                Tls = new ServerTlsOptions { CertificateFile = certificate.CertificateFile, PrivateKeyFile = certificate.KeyFile },
            },
            new ConnectOptions
            {
                ConnectionType = ConnectionType.Encrypted,
                CompressionType = compression,
                Tls = new ClientTlsOptions { TargetHost = "localhost", TrustedCaFile = certificate.CaFile },
            });

        for (int i = 0; i < 300; i++)
        {
            byte[] message = TestMessages.Mixed(1 + i * 997 % 20_000, i);
            (Channel writer, Channel reader) = i % 2 == 0 ? (pair.Client, pair.ServerChannel) : (pair.ServerChannel, pair.Client);

            Assert.True(Support.Loopback.Send(writer, message) >= TransportReturnCode.Success, writer.Error.ToString());
            Support.Loopback.FlushAll(writer);
            Assert.True(message.AsSpan().SequenceEqual(Support.Loopback.ReadMessage(reader)), $"message {i} ({message.Length} bytes)");
        }
    }

    [Fact]
    public void ClientWithoutTheCaFailsInitWithTheCertificateProblem()
    {
        using var certificate = new TestCertificateFiles(signedByTestCa: true);
        string error = InitUntilFailure(
            new ServerTlsOptions { CertificateFile = certificate.CertificateFile, PrivateKeyFile = certificate.KeyFile },
            new ClientTlsOptions { TargetHost = "localhost" });
        Assert.Contains("certificate", error, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public void ClientOfferingOnlyTls12FailsAgainstAServerRequiringTls13()
    {
        using var certificate = new TestCertificateFiles(signedByTestCa: true);
        string error = InitUntilFailure(
            new ServerTlsOptions
            {
                CertificateFile = certificate.CertificateFile,
                PrivateKeyFile = certificate.KeyFile,
                Protocols = System.Security.Authentication.SslProtocols.Tls13,
            },
            new ClientTlsOptions
            {
                TargetHost = "localhost",
                TrustedCaFile = certificate.CaFile,
                Protocols = System.Security.Authentication.SslProtocols.Tls12,
            });
        Assert.Contains("TLS", error, StringComparison.OrdinalIgnoreCase);
    }

    /// <summary>Drives both ends of an encrypted connection until the client's Init fails; returns its error text.</summary>
    private static string InitUntilFailure(ServerTlsOptions serverTls, ClientTlsOptions clientTls)
    {
        Server server = Support.Loopback.Bind(new BindOptions
        {
            ConnectionType = ConnectionType.Encrypted,
            Tls = serverTls,
        });
        Channel? accepted = null;
        try
        {
            Channel? client = Transport.Connect(
                Support.Loopback.ClientOptions(server, new ConnectOptions
                {
                    ConnectionType = ConnectionType.Encrypted,
                    Tls = clientTls,
                }),
                out TransportError? error);
            Assert.True(client is not null, error?.ToString());

            using var deadline = new CancellationTokenSource(Support.Loopback.Deadline);
            TransportReturnCode result;
            while ((result = client.Init()) == TransportReturnCode.ChanInitInProgress)
            {
                Assert.False(deadline.IsCancellationRequested, "the client's Init neither failed nor finished");
                if (accepted is null && server.Socket.Poll(1000, System.Net.Sockets.SelectMode.SelectRead))
                    accepted = server.Accept();
                accepted?.Init();
                client.Socket.Poll(1000, System.Net.Sockets.SelectMode.SelectRead);
            }

            Assert.True(result < TransportReturnCode.Success, $"Init: {result}");
            return client.Error.ToString();
        }
        finally
        {
            accepted?.Close();
            server.Close();
            Transport.Uninitialize();
        }
    }
}
