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
    public void A_record_that_fails_TLS_closes_the_reader_naming_TLS_not_a_reset()
    {
        using var certificate = new TestCertificateFiles(signedByTestCa: true);
        using Support.Loopback pair = Support.Loopback.Open(
            new BindOptions
            {
                ConnectionType = ConnectionType.Encrypted,
                Tls = new ServerTlsOptions { CertificateFile = certificate.CertificateFile, PrivateKeyFile = certificate.KeyFile },
            },
            new ConnectOptions
            {
                ConnectionType = ConnectionType.Encrypted,
                Tls = new ClientTlsOptions { TargetHost = "localhost", TrustedCaFile = certificate.CaFile },
            });

        // An application-data record whose bytes were damaged on the way (under the TLS layer, on the raw socket).
        byte[] record = [0x17, 0x03, 0x03, 0x00, 0x30, .. Enumerable.Range(0, 48).Select(i => (byte)(i * 37))];
        pair.Client.Socket.Send(record);

        using var deadline = new CancellationTokenSource(Support.Loopback.Deadline);
        TransportReturnCode rc;
        while ((rc = pair.ServerChannel.Read(out _)) != TransportReturnCode.Failure)
        {
            Assert.False(deadline.IsCancellationRequested, "the damaged record was not noticed");
            if (rc == TransportReturnCode.ReadWouldBlock)
                pair.ServerChannel.Socket.Poll(10_000, System.Net.Sockets.SelectMode.SelectRead);
        }

        Assert.StartsWith("Read: TLS error: ", pair.ServerChannel.Error.Text);
        Assert.DoesNotContain("reset", pair.ServerChannel.Error.Text);
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

    [Fact]
    public void A_plain_client_of_an_encrypted_server_is_told_apart_from_a_broken_TLS_handshake()
    {
        using var certificate = new TestCertificateFiles(signedByTestCa: true);
        Server server = EncryptedServer(certificate);
        Channel? client = null;
        try
        {
            client = Transport.Connect(Support.Loopback.ClientOptions(server, new ConnectOptions()), out TransportError? error);
            Assert.True(client is not null, error?.ToString());

            string serverError = ServerInitFailure(server, () =>
            {
                if (client.State == ChannelState.Initializing)
                    client.Init();
            });

            Assert.Contains("the client did not open with TLS: its first bytes are a RIPC ConnectReq", serverError);
            using var deadline = new CancellationTokenSource(Support.Loopback.Deadline);
            while (client.Init() == TransportReturnCode.ChanInitInProgress) // its fallbacks to older RIPC versions, each closed alike
            {
                Assert.False(deadline.IsCancellationRequested, "the client's Init neither failed nor finished");
                if (server.Socket.Poll(1000, System.Net.Sockets.SelectMode.SelectRead))
                    ServerInitFailure(server, () => client.Init());
            }
            Assert.Contains("no protocol left (an encrypted server closes a plain client so: is it one?)", client.Error.Text);
        }
        finally
        {
            client?.Close();
            server.Close();
            Transport.Uninitialize();
        }
    }

    [Theory]
    // Text: shown as its first line.
    [InlineData("68656C6C6F2074686572650D0A", "its first bytes are not a TLS record (they read as text: \"hello there\")")]
    // The first bytes of LSEG C 3.7.2's last fallback, a RIPC 10 ConnectReq (connection version 0x13), which the
    // transport does not speak but a plain client still is.
    [InlineData("001B0000000013001B003C000E010276", "its first bytes are a RIPC ConnectReq")]
    public void A_client_that_opens_an_encrypted_server_with_something_else_has_it_named(string openingHex, string named)
    {
        using var certificate = new TestCertificateFiles(signedByTestCa: true);
        Server server = EncryptedServer(certificate);
        using var client = new System.Net.Sockets.Socket(System.Net.Sockets.SocketType.Stream, System.Net.Sockets.ProtocolType.Tcp);
        try
        {
            client.Connect("127.0.0.1", server.Port);
            client.Send(Convert.FromHexString(openingHex));

            string serverError = ServerInitFailure(server, () => { });

            Assert.Contains("the client did not open with TLS: " + named, serverError);
        }
        finally
        {
            server.Close();
            Transport.Uninitialize();
        }
    }

    private static Server EncryptedServer(TestCertificateFiles certificate) => Support.Loopback.Bind(new BindOptions
    {
        ConnectionType = ConnectionType.Encrypted,
        Tls = new ServerTlsOptions { CertificateFile = certificate.CertificateFile, PrivateKeyFile = certificate.KeyFile },
    });

    /// <summary>Accepts one channel and drives its Init (and the client, by <paramref name="pumpClient"/>) until it fails; its error text.</summary>
    private static string ServerInitFailure(Server server, Action pumpClient)
    {
        Channel? accepted = null;
        try
        {
            using var deadline = new CancellationTokenSource(Support.Loopback.Deadline);
            TransportReturnCode result = TransportReturnCode.ChanInitInProgress;
            while (result == TransportReturnCode.ChanInitInProgress)
            {
                Assert.False(deadline.IsCancellationRequested, "the server's Init neither failed nor finished");
                pumpClient();
                if (accepted is null && server.Socket.Poll(1000, System.Net.Sockets.SelectMode.SelectRead))
                    accepted = server.Accept();
                if (accepted is null)
                    continue;
                result = accepted.Init();
                if (result == TransportReturnCode.ChanInitInProgress)
                    accepted.Socket.Poll(1000, System.Net.Sockets.SelectMode.SelectRead);
            }
            Assert.True(result < TransportReturnCode.Success, $"Init: {result}");
            return accepted!.Error.Text;
        }
        finally
        {
            accepted?.Close();
        }
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
