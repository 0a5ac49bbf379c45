using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.ValueAdd.Tests.Support;
using Xunit;

namespace Eta.ValueAdd.Tests.Roles;

/// <summary>A consumer that announced RTT support answers the provider's login RTT message itself, with the provider's ticks.</summary>
public sealed class RoundTripLatencyTests
{
    [Fact]
    public void The_consumer_role_sends_the_RTT_message_back_with_the_same_ticks()
    {
        using var pair = new ReactorPair();
        ConsumerRole role = pair.NewConsumerRole(DictionaryDownloadMode.None);
        role.LoginRequest!.Attributes.SupportsRoundTripLatency = true;
        pair.ConnectConsumer(role);
        pair.RunUntil(() => pair.ConsumerSide.Events.Contains(ReactorChannelEventType.ChannelReady), "ready");

        ReactorChannel provider = pair.Provider.Channels.Single();
        Assert.Equal(ReactorReturnCode.Success, provider.Submit(new LoginRtt { StreamId = 1, Ticks = 123456789, ProviderDriven = true }));
        pair.RunUntil(() => pair.ProviderSide.Messages.Contains((DomainTypes.Login, MsgClass.Generic, 1)), "the RTT reply");

        Assert.Equal(123456789UL, pair.ProviderSide.LastRttTicks);
        Assert.Contains((DomainTypes.Login, MsgClass.Generic, 1), pair.ConsumerSide.Messages); // the application saw the probe too
    }

    [Fact]
    public void A_reply_that_finds_no_output_buffer_is_skipped_with_a_warning_and_the_channel_stays_up()
    {
        using var pair = new ReactorPair();
        ConsumerRole role = pair.NewConsumerRole(DictionaryDownloadMode.None);
        role.LoginRequest!.Attributes.SupportsRoundTripLatency = true;
        ReactorChannel consumer = pair.ConnectConsumer(role);
        pair.RunUntil(() => pair.ConsumerSide.Events.Contains(ReactorChannelEventType.ChannelReady), "ready");
        List<Eta.Transport.TransportBuffer> held = HoldEveryOutputBuffer(consumer);

        ReactorChannel provider = pair.Provider.Channels.Single();
        Assert.Equal(ReactorReturnCode.Success, provider.Submit(new LoginRtt { StreamId = 1, Ticks = 42, ProviderDriven = true }));
        pair.RunUntil(() => pair.ConsumerSide.Messages.Contains((DomainTypes.Login, MsgClass.Generic, 1)), "the RTT probe");

        Assert.Contains(ReactorChannelEventType.Warning, pair.ConsumerSide.Events);
        Assert.DoesNotContain(ReactorChannelEventType.ChannelDown, pair.ConsumerSide.Events);
        Assert.Equal(ReactorChannelState.Ready, consumer.State);
        Assert.Contains("RTT", consumer.ErrorText);
        foreach (Eta.Transport.TransportBuffer buffer in held)
            consumer.Channel!.ReleaseBuffer(buffer);
    }

    /// <summary>Takes output buffers from the channel until it has none left (as an application in the middle of a burst would).</summary>
    private static List<Eta.Transport.TransportBuffer> HoldEveryOutputBuffer(ReactorChannel channel)
    {
        var held = new List<Eta.Transport.TransportBuffer>();
        while (held.Count < 100_000 && channel.GetBuffer(100, packed: false, out Eta.Transport.TransportBuffer? buffer) == ReactorReturnCode.Success)
            held.Add(buffer!);
        Assert.Equal(ReactorReturnCode.NoBuffers, channel.GetBuffer(100, packed: false, out _));
        return held;
    }
}
