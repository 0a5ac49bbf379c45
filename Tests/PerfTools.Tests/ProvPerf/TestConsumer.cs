using System.Net.Sockets;
using Eta.Codec;
using Eta.Transport;
using Xunit;

namespace PerfTools.Tests.ProvPerf;

/// <summary>
/// A minimal OMM consumer for loopback tests, written directly on the codec and transport: connects, sends
/// encoded messages, and returns each received message as a copy. Every wait is bounded by a token.
/// </summary>
internal sealed class TestConsumer : IDisposable
{
    public delegate CodecReturnCode Encode(ref RwfEncoder encoder);

    private readonly Channel _channel;
    private bool _moreBuffered;

    private TestConsumer(Channel channel) => _channel = channel;

    /// <summary>Connects to 127.0.0.1; with <paramref name="trustedCertificateFile"/>, over TLS trusting that certificate.</summary>
    public static TestConsumer Connect(int port, CancellationToken stop, string? trustedCertificateFile = null)
    {
        Transport.Initialize();
        var options = trustedCertificateFile is null
            ? new ConnectOptions { Host = "127.0.0.1", Port = port }
            : new ConnectOptions
            {
                Host = "localhost", Port = port, ConnectionType = ConnectionType.Encrypted,
                Tls = new ClientTlsOptions { TargetHost = "localhost", TrustedCaFile = trustedCertificateFile },
            };
        Channel? channel = Transport.Connect(options, out TransportError? error);
        Assert.True(channel is not null, $"connect failed: {error}");
        while (true)
        {
            stop.ThrowIfCancellationRequested();
            TransportReturnCode rc = channel.Init();
            if (rc == TransportReturnCode.Success)
                return new TestConsumer(channel);
            Assert.True(rc == TransportReturnCode.ChanInitInProgress, $"init failed: {rc} {channel.Error}");
            channel.Socket.Poll(10_000, SelectMode.SelectRead);
        }
    }

    public void Send(Encode encode)
    {
        Assert.Equal(TransportReturnCode.Success, _channel.GetBuffer(4096, false, out TransportBuffer? buffer));
        var encoder = new RwfEncoder(buffer!.Data);
        Assert.Equal(CodecReturnCode.Success, encode(ref encoder));
        buffer.Length = encoder.Position;
        Assert.True(_channel.Write(buffer) >= TransportReturnCode.Success);
        while (_channel.Flush() > TransportReturnCode.Success)
            _channel.Socket.Poll(10_000, SelectMode.SelectWrite);
    }

    /// <summary>Login RTT messages received (and sent straight back, as a consumer must).</summary>
    public int RoundTripsEchoed { get; private set; }

    /// <summary>
    /// The next message other than a login RTT message (those are echoed), waiting until <paramref name="stop"/>
    /// fires (then the test fails).
    /// </summary>
    public byte[] Receive(CancellationToken stop)
    {
        while (true)
        {
            byte[] message = ReceiveAny(stop);
            if (!IsLoginGeneric(message))
                return message;
            Echo(message);
            RoundTripsEchoed++;
        }
    }

    private byte[] ReceiveAny(CancellationToken stop)
    {
        while (true)
        {
            stop.ThrowIfCancellationRequested();
            if (!_moreBuffered && !_channel.Socket.Poll(10_000, SelectMode.SelectRead))
                continue;
            TransportReturnCode rc = _channel.Read(out TransportBuffer? message);
            _moreBuffered = rc > TransportReturnCode.Success;
            if (message is not null)
                return message.Contents.ToArray();
            Assert.True(rc is > TransportReturnCode.Success or TransportReturnCode.ReadWouldBlock or TransportReturnCode.ReadPing,
                $"read failed: {rc} {_channel.Error}");
        }
    }

    private void Echo(byte[] message) => Send((ref RwfEncoder e) => e.Writer.WriteBytes(message));

    /// <summary>Logs in as "perf" (announcing RTT support) and opens the directory; returns the two answers.</summary>
    public (byte[] Login, byte[] Directory) LogInAndGetDirectory(CancellationToken stop)
    {
        Send((ref RwfEncoder e) =>
        {
            var login = new Eta.Codec.Rdm.LoginRequest { StreamId = 1, UserName = "perf" };
            login.Attributes.SupportsRoundTripLatency = true;
            return login.Encode(ref e);
        });
        byte[] loginRefresh = Receive(stop);
        Send((ref RwfEncoder e) => new Eta.Codec.Rdm.DirectoryRequest { StreamId = 2 }.Encode(ref e));
        return (loginRefresh, Receive(stop));
    }

    private static bool IsLoginGeneric(byte[] message) =>
        MsgDecoder.Decode(message, out Msg msg) == CodecReturnCode.Success && Eta.Codec.Rdm.LoginRtt.Matches(msg);

    public void Dispose()
    {
        _channel.Close();
        Transport.Uninitialize();
    }
}
