using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using Eta.Transport;
using PerfTools.ProvPerf.Network;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>
/// ProvPerf's accepting thread runs the handshakes (direct mode): a provider thread is handed a channel only once it
/// is active, so a client that sends garbage or stalls never reaches a tick loop; the acceptor itself closes those,
/// the stalled one at the bind's initialization timeout although its socket has gone quiet. In reactor mode each
/// channel is handed over as accepted (the reactor handshakes). Waits are bounded by a generous deadline, not timed.
/// </summary>
public sealed class ChannelAcceptorTests
{
    private static readonly TimeSpan Deadline = TimeSpan.FromSeconds(30);

    [Fact]
    public void Only_active_channels_are_handed_over_and_bad_clients_are_closed_by_the_acceptor()
    {
        using var loopback = new AcceptorLoopback(handshake: true);
        using Socket garbage = loopback.ConnectRaw();
        var frame = new byte[64];
        new Random(13).NextBytes(frame);
        frame[0] = 0x00;
        frame[1] = 0x40;
        garbage.Send(frame);
        using Socket stalled = loopback.ConnectRaw();
        stalled.Send([0x00, 0x40]);
        Channel good = Transport.Connect(new ConnectOptions { Host = "127.0.0.1", Port = loopback.Port, Blocking = false }, out TransportError? error)
            ?? throw new InvalidOperationException(error?.ToString());
        try
        {
            var clock = Stopwatch.StartNew();
            while (good.State != ChannelState.Active || loopback.HandedOver.Count == 0 || loopback.ClosedCount < 2)
            {
                Assert.True(clock.Elapsed < Deadline, $"good client {good.State} ({good.Error}), {loopback.Acceptor.PendingCount} pending, " +
                    $"{loopback.HandedOver.Count} handed over; log:\n{loopback.Log}");
                loopback.Poll();
                if (good.State == ChannelState.Initializing)
                    good.Init();
            }

            Assert.Equal(0, loopback.Acceptor.PendingCount);
            Channel served = Assert.Single(loopback.HandedOver);
            Assert.Equal(ChannelState.Active, served.State);
            string log = loopback.Log;
            Assert.Contains($"Channel {garbage.LocalEndPoint} closed: initialization failed: Failure: Init: the client asked for unsupported RIPC connection version", log);
            Assert.Contains($"Channel {stalled.LocalEndPoint} closed: initialization failed: Failure: Init: the handshake did not complete " +
                "within the initialization timeout (1 s): the client sent 2 bytes of a ConnectReq and stopped", log);
        }
        finally
        {
            good.Close();
        }
    }

    [Fact]
    public void Without_handshaking_each_channel_is_handed_over_as_accepted()
    {
        using var loopback = new AcceptorLoopback(handshake: false);
        using Socket stalled = loopback.ConnectRaw();
        var clock = Stopwatch.StartNew();
        while (loopback.HandedOver.Count == 0)
        {
            Assert.True(clock.Elapsed < Deadline, "the accepted channel was never handed over");
            loopback.Poll();
        }
        Assert.Equal(ChannelState.Initializing, Assert.Single(loopback.HandedOver).State);
        Assert.Equal(0, loopback.Acceptor.PendingCount);
    }

    // A server on a free loopback port with a 1 s handshake limit, and an acceptor whose hand-overs are collected.
    private sealed class AcceptorLoopback : IDisposable
    {
        private readonly Server _server;
        private readonly StringWriter _console = new();
        private readonly Action<Channel> _collect;

        public AcceptorLoopback(bool handshake)
        {
            Transport.Initialize();
            _server = Transport.Bind(new BindOptions { Port = 0, InterfaceName = "127.0.0.1", InitializationTimeout = 1 }, out TransportError? error)
                ?? throw new InvalidOperationException(error?.ToString());
            Acceptor = new ChannelAcceptor(_server, handshake, _console);
            _collect = HandedOver.Add;
        }

        public ChannelAcceptor Acceptor { get; }

        public List<Channel> HandedOver { get; } = [];

        public int Port => _server.Port;

        public string Log => _console.ToString();

        public int ClosedCount => Log.Split(" closed: ").Length - 1;

        public void Poll() => Acceptor.Poll(TimeSpan.FromMilliseconds(10), _collect);

        public Socket ConnectRaw()
        {
            var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
            socket.Connect(new IPEndPoint(IPAddress.Loopback, Port));
            return socket;
        }

        public void Dispose()
        {
            Acceptor.Dispose();
            foreach (Channel channel in HandedOver)
                channel.Close();
            _server.Close();
            Transport.Uninitialize();
        }
    }
}
