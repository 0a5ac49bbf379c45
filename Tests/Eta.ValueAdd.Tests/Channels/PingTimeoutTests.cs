using Eta.Codec.Rdm;
using Eta.Transport;
using Eta.ValueAdd.Tests.Support;
using Xunit;

namespace Eta.ValueAdd.Tests.Channels;

/// <summary>A peer that completes the handshake and then says nothing: the reactor's ping check brings the channel down.</summary>
public sealed class PingTimeoutTests
{
    [Fact]
    public void A_silent_provider_is_noticed_by_the_ping_timeout()
    {
        Transport.Transport.Initialize();
        Server server = Transport.Transport.Bind(new BindOptions { Port = 0, PingTimeout = 2, MinPingTimeout = 1 }, out TransportError? error)
            ?? throw new InvalidOperationException("bind failed: " + error);
        try
        {
            var consumer = new Recorder();
            using var reactor = new Reactor();
            ReactorChannel channel = reactor.Connect(new ReactorConnectOptions
            {
                Connect = new ConnectOptions { Host = "127.0.0.1", Port = server.Port, PingTimeout = 2 },
            }, new ConsumerRole(consumer) { LoginRequest = new LoginRequest { UserName = "silent" } });

            Channel? accepted = null;
            var clock = System.Diagnostics.Stopwatch.StartNew();
            while (!consumer.Events.Contains(ReactorChannelEventType.ChannelDown))
            {
                Assert.True(clock.Elapsed < ReactorPair.Deadline, $"no down event; events [{string.Join(", ", consumer.Events)}]");
                reactor.Dispatch(10);
                if (accepted is null && server.Socket.Poll(0, System.Net.Sockets.SelectMode.SelectRead))
                    accepted = server.Accept();
                if (accepted is { State: ChannelState.Initializing })
                    accepted.Init(); // the handshake completes; after that the server never reads, writes or pings
            }

            Assert.Equal([ReactorChannelEventType.ChannelUp, ReactorChannelEventType.ChannelDown], consumer.Events);
            Assert.Contains("ping timeout", consumer.Errors.Single());
            Assert.Equal(ReactorChannelState.Down, channel.State);
            accepted?.Close();
        }
        finally
        {
            server.Close();
            Transport.Transport.Uninitialize();
        }
    }
}
