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
}
