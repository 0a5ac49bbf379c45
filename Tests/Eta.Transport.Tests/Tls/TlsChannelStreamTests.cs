using System.Security.Authentication;
using Eta.TestSupport;
using Eta.Transport.Io;
using Eta.Transport.Tls;
using Xunit;

namespace Eta.Transport.Tests.Tls;

[Collection(AllocationCollection.Name)]
public sealed class TlsChannelStreamTests : IDisposable
{
    private readonly TestCertificateFiles _certificate = new();

    [Theory]
    [InlineData(SslProtocols.Tls12)]
    [InlineData(SslProtocols.Tls13)]
    public void ForcedVersionIsNegotiatedAndDataFlowsBothWays(SslProtocols protocol)
    {
        using var pair = new TlsPair(TrustingClient(protocol), Server(protocol));

        Assert.Equal((HandshakeProgress.Done, HandshakeProgress.Done), pair.Handshake());
        Assert.Equal(protocol, pair.Client.NegotiatedProtocol);
        Assert.Equal(protocol, pair.Server.NegotiatedProtocol);
        AssertTransfers(pair.Client, pair.Server, 100_000);
        AssertTransfers(pair.Server, pair.Client, 100_000);
    }

    [Fact]
    public void RsaCertificateWorksToo()
    {
        using var rsaCertificate = new TestCertificateFiles(rsa: true);
        using var pair = new TlsPair(
            TrustingClient(TlsProtocols.Supported),
            TlsServerOptions.FromPemFiles(rsaCertificate.CertificateFile, rsaCertificate.KeyFile));

        Assert.Equal((HandshakeProgress.Done, HandshakeProgress.Done), pair.Handshake());
        AssertTransfers(pair.Client, pair.Server, 5000);
    }

    [Fact]
    public void ManySmallMessagesInterleavedBothWaysArriveInOrder()
    {
        using var pair = new TlsPair(TrustingClient(TlsProtocols.Supported), Server(TlsProtocols.Supported));
        pair.Handshake();
        var received = new byte[64];
        for (int i = 0; i < 500; i++)
        {
            byte[] message = Message(1 + i % 64, i);
            TlsChannelStream writer = i % 2 == 0 ? pair.Client : pair.Server;
            TlsChannelStream reader = i % 2 == 0 ? pair.Server : pair.Client;

            Assert.Equal(message.Length, writer.Write(message));
            Assert.Equal(message.Length, TlsPair.ReadFully(reader, received.AsSpan(0, message.Length)));
            Assert.Equal(message, received[..message.Length]);
        }
    }

    [Fact]
    public void ReadWithNothingSentReturnsZeroWithoutBlocking()
    {
        using var pair = new TlsPair(TrustingClient(TlsProtocols.Supported), Server(TlsProtocols.Supported));
        pair.Handshake();

        Assert.Equal(0, pair.Server.Read(new byte[100]));
        Assert.False(pair.Server.HasBufferedInput);
    }

    [Fact]
    public void PlaintextLeftAfterAShortReadIsReportedAsBufferedInput()
    {
        using var pair = new TlsPair(TrustingClient(TlsProtocols.Supported), Server(TlsProtocols.Supported));
        pair.Handshake();
        pair.Client.Write(Message(1000, 7));
        var first = new byte[10];

        Assert.Equal(10, TlsPair.ReadFully(pair.Server, first));
        Assert.True(pair.Server.HasBufferedInput);
        Assert.Equal(990, pair.Server.Read(new byte[2000]));
    }

    [Fact]
    public void UntrustedSelfSignedCertificateFailsTheClientsHandshakeWithAClearReason()
    {
        var strictClient = new TlsClientOptions("localhost");
        using var pair = new TlsPair(strictClient, Server(TlsProtocols.Supported));

        (HandshakeProgress client, HandshakeProgress server) = pair.Handshake();

        Assert.Equal(HandshakeProgress.Failed, client);
        Assert.Contains("certificate", pair.Client.FailureReason, StringComparison.OrdinalIgnoreCase);
        // .NET checks the certificate after the TLS exchange itself, so the server may already count the
        // handshake as done; it then sees the connection end once the client gives up.
        pair.Client.Dispose();
        if (server == HandshakeProgress.Done)
            AssertConnectionEnds(pair.Server);
    }

    [Fact]
    public void SelfSignedAcceptanceStillChecksTheHostName()
    {
        var wrongHost = new TlsClientOptions("not-the-server.example", acceptSelfSignedServerCertificate: true);
        using var pair = new TlsPair(wrongHost, Server(TlsProtocols.Supported));

        Assert.Equal(HandshakeProgress.Failed, pair.Handshake().Client);
    }

    [Fact]
    public void CaFileHoldingTheServersCertificateMakesItTrusted()
    {
        var client = new TlsClientOptions("localhost", caFile: _certificate.CertificateFile);
        using var pair = new TlsPair(client, Server(TlsProtocols.Supported));

        Assert.Equal((HandshakeProgress.Done, HandshakeProgress.Done), pair.Handshake());
    }

    [Fact]
    public void CertificateIssuedByTheCaInTheCaFileIsTrustedAndWithoutItRefused()
    {
        using var issued = new TestCertificateFiles(signedByTestCa: true);
        TlsServerOptions server = TlsServerOptions.FromPemFiles(issued.CertificateFile, issued.KeyFile);
        using var trusting = new TlsPair(new TlsClientOptions("localhost", caFile: issued.CaFile), server);
        using var strict = new TlsPair(new TlsClientOptions("localhost"), server);
        using var selfSignedOnly = new TlsPair(new TlsClientOptions("localhost", acceptSelfSignedServerCertificate: true), server);

        Assert.Equal(HandshakeProgress.Done, trusting.Handshake().Client);
        Assert.Equal(HandshakeProgress.Failed, strict.Handshake().Client);
        Assert.Equal(HandshakeProgress.Failed, selfSignedOnly.Handshake().Client);
    }

    [Fact]
    public void CaFileDoesNotExcuseAWrongHostName()
    {
        using var issued = new TestCertificateFiles(signedByTestCa: true);
        var client = new TlsClientOptions("elsewhere.example", caFile: issued.CaFile);
        using var pair = new TlsPair(client, TlsServerOptions.FromPemFiles(issued.CertificateFile, issued.KeyFile));

        Assert.Equal(HandshakeProgress.Failed, pair.Handshake().Client);
    }

    [Fact]
    public void VersionsWithNothingInCommonFailBothSides()
    {
        using var pair = new TlsPair(TrustingClient(SslProtocols.Tls12), Server(SslProtocols.Tls13));

        Assert.Equal((HandshakeProgress.Failed, HandshakeProgress.Failed), pair.Handshake());
    }

    [Fact]
    public void A_client_offering_versions_the_server_lacks_is_told_so()
    {
        using var pair = new TlsPair(TrustingClient(SslProtocols.Tls13), Server(SslProtocols.Tls12));

        Assert.Equal(HandshakeProgress.Failed, pair.Handshake().Client);
        Assert.Contains("may not support the TLS versions offered (TLS 1.3 only)", pair.Client.FailureReason);
    }

    [Fact]
    public void A_server_that_hangs_up_on_the_client_hello_is_blamed_on_the_versions_offered()
    {
        // What a client offering only TLS 1.3 saw from LSEG's server: the connection closed after its ClientHello
        // ("unexpected EOF"), nothing more.
        (System.Net.Sockets.Socket client, System.Net.Sockets.Socket server) = LoopbackSockets.Connect();
        using TlsChannelStream stream = TlsChannelStream.ForClient(client, TrustingClient(SslProtocols.Tls13));
        using (server)
        {
            Assert.Equal(HandshakeProgress.InProgress, stream.ContinueHandshake());
            Assert.True(server.Poll((int)TlsPair.Timeout.TotalMicroseconds, System.Net.Sockets.SelectMode.SelectRead), "no ClientHello");
            server.Receive(new byte[4096]);
        }

        var clock = System.Diagnostics.Stopwatch.StartNew();
        HandshakeProgress progress;
        while ((progress = stream.ContinueHandshake()) == HandshakeProgress.InProgress && clock.Elapsed < TlsPair.Timeout)
            client.Poll(10_000, System.Net.Sockets.SelectMode.SelectRead);

        Assert.Equal(HandshakeProgress.Failed, progress);
        Assert.Contains("may not support the TLS versions offered (TLS 1.3 only)", stream.FailureReason);
    }

    [Fact]
    public void PeerClosingGivesMinusOneAfterTheDataItSent()
    {
        using var pair = new TlsPair(TrustingClient(TlsProtocols.Supported), Server(TlsProtocols.Supported));
        pair.Handshake();
        pair.Server.Write(Message(300, 1));
        pair.Server.Dispose();
        var received = new byte[301];

        Assert.Equal(300, TlsPair.ReadFully(pair.Client, received));
        Assert.Equal(-1, pair.Client.Read(received));
    }

    [Fact]
    public void PeerClosingDuringTheHandshakeFailsIt()
    {
        using var pair = new TlsPair(TrustingClient(TlsProtocols.Supported), Server(TlsProtocols.Supported));
        pair.Server.Dispose();
        using var deadline = new CancellationTokenSource(TlsPair.Timeout);

        HandshakeProgress progress;
        while ((progress = pair.Client.ContinueHandshake()) == HandshakeProgress.InProgress)
        {
            Assert.False(deadline.IsCancellationRequested, "handshake neither failed nor finished");
            TlsPair.WaitReadable(pair.Client);
        }

        Assert.Equal(HandshakeProgress.Failed, progress);
        Assert.NotNull(pair.Client.FailureReason);
    }

    [Fact]
    public void SteadyStateWriteAndReadAllocateNothing()
    {
        using var pair = new TlsPair(TrustingClient(TlsProtocols.Supported), Server(TlsProtocols.Supported));
        pair.Handshake();
        byte[] message = Message(200, 3);
        var received = new byte[200];
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 1000; i++)
                SendOne(pair, message, received);
        });
    }

    [Fact]
    public void MissingPemFilesAreNamed()
    {
        var missing = Path.Combine(_certificate.Folder, "nope.pem");

        var error = Assert.Throws<FileNotFoundException>(() => TlsServerOptions.FromPemFiles(missing, _certificate.KeyFile));
        Assert.Contains(missing, error.Message);
        Assert.Throws<FileNotFoundException>(() => new TlsClientOptions("localhost", caFile: missing));
    }

    [Fact]
    public void OldProtocolsAreRefused()
    {
#pragma warning disable SYSLIB0039 // the point is to refuse them
        Assert.Throws<ArgumentException>(() => new TlsClientOptions("localhost", SslProtocols.Tls11));
#pragma warning restore SYSLIB0039
    }

    /// <summary>One write and a read of it on the other side, waiting only on socket readiness (no allocation).</summary>
    private static void SendOne(TlsPair pair, byte[] message, byte[] received)
    {
        pair.Client.Write(message);
        int total = 0;
        while (total < received.Length)
        {
            int count = pair.Server.Read(received.AsSpan(total));
            if (count < 0)
                Assert.Fail("peer closed");
            if (count == 0 && !pair.Server.Socket.Poll(TlsPair.Timeout, System.Net.Sockets.SelectMode.SelectRead))
                Assert.Fail("timed out");
            total += count;
        }
    }

    /// <summary>Reads until the stream reports the end: -1, or a socket error (reset / TLS alert).</summary>
    private static void AssertConnectionEnds(TlsChannelStream stream)
    {
        try
        {
            Assert.Equal(0, TlsPair.ReadFully(stream, new byte[1]));
        }
        catch (System.Net.Sockets.SocketException)
        {
            // also an end
        }
    }

    private static void AssertTransfers(TlsChannelStream writer, TlsChannelStream reader, int length)
    {
        byte[] data = Message(length, length);
        var received = new byte[length];

        Assert.Equal(length, writer.Write(data));
        Assert.Equal(length, TlsPair.ReadFully(reader, received));
        Assert.Equal(data, received);
    }

    private static byte[] Message(int length, int seed)
    {
        var message = new byte[length];
        new Random(seed).NextBytes(message);
        return message;
    }

    private static TlsClientOptions TrustingClient(SslProtocols protocols) =>
        new("localhost", protocols, acceptSelfSignedServerCertificate: true);

    private TlsServerOptions Server(SslProtocols protocols) =>
        TlsServerOptions.FromPemFiles(_certificate.CertificateFile, _certificate.KeyFile, protocols);

    public void Dispose() => _certificate.Dispose();
}
