using Eta.Transport;
using Eta.ValueAdd.Tests.Support;
using Xunit;

namespace Eta.ValueAdd.Tests.Channels;

/// <summary>Losing the provider: down-reconnecting, reconnection within the attempt limit, and down when it is used up.</summary>
public sealed class ReconnectionTests
{
    [Fact]
    public void A_restarted_provider_is_reconnected_and_the_handshake_runs_again()
    {
        using var pair = new ReactorPair();
        ReactorChannel channel = pair.ConnectConsumer(pair.NewConsumerRole(), reconnectLimit: 5);
        pair.RunUntil(() => pair.ConsumerSide.Events.Count(e => e == ReactorChannelEventType.ChannelReady) == 1, "first ready");

        pair.StopProvider();
        pair.RunUntil(() => pair.ConsumerSide.Events.Contains(ReactorChannelEventType.ChannelDownReconnecting), "down-reconnecting");
        Assert.Equal(ReactorChannelState.DownReconnecting, channel.State);
        pair.StartProvider();
        pair.RunUntil(() => pair.ConsumerSide.Events.Count(e => e == ReactorChannelEventType.ChannelReady) == 2, "ready again");

        List<ReactorChannelEventType> events = pair.ConsumerSide.Events;
        int down = events.IndexOf(ReactorChannelEventType.ChannelDownReconnecting);
        Assert.Equal([ReactorChannelEventType.ChannelUp, ReactorChannelEventType.ChannelReady], events[..down]);
        Assert.Equal([ReactorChannelEventType.ChannelUp, ReactorChannelEventType.ChannelReady], events[^2..]);
        Assert.DoesNotContain(ReactorChannelEventType.ChannelDown, events);
        Assert.Equal(2, pair.ProviderSide.LoginRequestUserNames.Count); // logged in again after the reconnection
        Assert.Same(channel, pair.Consumer.Channels.Single());
        Assert.Equal(0, channel.ReconnectAttempts);
    }

    [Fact]
    public void When_the_attempt_limit_is_used_up_the_channel_goes_down_and_leaves_the_reactor()
    {
        using var pair = new ReactorPair();
        ReactorChannel channel = pair.ConnectConsumer(pair.NewConsumerRole(), reconnectLimit: 2, minDelayMs: 50, maxDelayMs: 100);
        pair.RunUntil(() => pair.ConsumerSide.Events.Contains(ReactorChannelEventType.ChannelReady), "ready");

        pair.StopProvider();
        pair.RunUntil(() => pair.ConsumerSide.Events.Contains(ReactorChannelEventType.ChannelDown), "down");

        List<ReactorChannelEventType> events = pair.ConsumerSide.Events;
        Assert.Equal(
        [
            ReactorChannelEventType.ChannelUp, ReactorChannelEventType.ChannelReady,
            ReactorChannelEventType.ChannelDownReconnecting, // the loss: attempt 1 scheduled
            ReactorChannelEventType.ChannelDownReconnecting, // attempt 1 refused: attempt 2 scheduled
            ReactorChannelEventType.ChannelDown,             // attempt 2 refused: limit used up
        ], events);
        Assert.Equal(ReactorChannelState.Down, channel.State);
        Assert.Empty(pair.Consumer.Channels);
        Assert.Equal(ReactorReturnCode.ChannelNotUp, channel.Submit(new Codec.Rdm.DirectoryRequest()));
    }

    [Fact]
    public void Without_reconnection_a_refused_connection_is_reported_down()
    {
        using var pair = new ReactorPair();
        int port = pair.Port;
        pair.StopProvider();
        var consumer = new Recorder();
        using var reactor = new Reactor();
        reactor.Connect(new ReactorConnectOptions { Connect = new ConnectOptions { Host = "127.0.0.1", Port = port } }, new ConsumerRole(consumer));
        var clock = System.Diagnostics.Stopwatch.StartNew();
        while (consumer.Events.Count == 0 && clock.Elapsed < ReactorPair.Deadline)
            reactor.Dispatch(10);
        Assert.Equal([ReactorChannelEventType.ChannelDown], consumer.Events);
        Assert.NotEmpty(consumer.Errors.Single());
    }
}
