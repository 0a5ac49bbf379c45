using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.ValueAdd.Tests.Support;
using Xunit;

namespace Eta.ValueAdd.Tests.Roles;

/// <summary>The consumer role's handshake against the provider role, over real loopback channels.</summary>
public sealed class ConsumerHandshakeTests
{
    [Fact]
    public void Login_directory_and_dictionary_download_happen_in_order_before_ready()
    {
        using var pair = new ReactorPair();
        ReactorChannel channel = pair.ConnectConsumer(pair.NewConsumerRole());
        pair.RunUntil(() => pair.ConsumerSide.Events.Contains(ReactorChannelEventType.ChannelReady), "channel ready");
        // The provider also sees the two dictionary closes, sent just before ready.
        pair.RunUntil(() => pair.ProviderSide.Messages.Count(m => m.Class == MsgClass.Close) == 2, "dictionary closes");

        Assert.Equal([ReactorChannelEventType.ChannelUp, ReactorChannelEventType.ChannelReady], pair.ConsumerSide.Events);
        Assert.Equal(
        [
            (DomainTypes.Login, MsgClass.Request, 1),
            (DomainTypes.Source, MsgClass.Request, 2),
            (DomainTypes.Dictionary, MsgClass.Request, ConsumerRole.FieldDictionaryStreamId),
            (DomainTypes.Dictionary, MsgClass.Request, ConsumerRole.EnumDictionaryStreamId),
            (DomainTypes.Dictionary, MsgClass.Close, ConsumerRole.FieldDictionaryStreamId),
            (DomainTypes.Dictionary, MsgClass.Close, ConsumerRole.EnumDictionaryStreamId),
        ], pair.ProviderSide.Messages);
        Assert.Equal([DictionaryNames.Field, DictionaryNames.EnumType], pair.ProviderSide.DictionaryRequests);
        Assert.Equal(["reactor-test"], pair.ProviderSide.LoginRequestUserNames);

        // The consumer's callbacks saw the answers before ready: login refresh, directory refresh, dictionary parts.
        Assert.Equal((DomainTypes.Login, MsgClass.Refresh, 1), pair.ConsumerSide.Messages[0]);
        Assert.Equal((DomainTypes.Source, MsgClass.Refresh, 2), pair.ConsumerSide.Messages[1]);
        Assert.All(pair.ConsumerSide.Messages.Skip(2), m => Assert.Equal((DomainTypes.Dictionary, MsgClass.Refresh), (m.Domain, m.Class)));

        // The downloaded dictionary is the provider's: every field and enum table of etc/.
        DataDictionary expected = ReactorPair.RepoDictionary();
        DataDictionary? received = channel.Dictionary;
        Assert.NotNull(received);
        Assert.Equal(expected.NumberOfEntries, received.NumberOfEntries);
        Assert.Equal("BID", received.Entry(22)!.Acronym);
        Assert.Equal(expected.FindEnumType(4, 2)!.DisplayText, received.FindEnumType(4, 2)!.DisplayText);
        Assert.Equal(ReactorChannelState.Ready, channel.State);
    }

    [Fact]
    public void A_dictionary_loaded_from_files_skips_the_download()
    {
        using var pair = new ReactorPair(serveDictionary: false);
        ConsumerRole role = pair.NewConsumerRole(DictionaryDownloadMode.None);
        role.Dictionary = ReactorPair.RepoDictionary();
        ReactorChannel channel = pair.ConnectConsumer(role);
        pair.RunUntil(() => pair.ConsumerSide.Events.Contains(ReactorChannelEventType.ChannelReady), "channel ready");

        Assert.Equal([(DomainTypes.Login, MsgClass.Request, 1), (DomainTypes.Source, MsgClass.Request, 2)], pair.ProviderSide.Messages);
        Assert.Same(role.Dictionary, channel.Dictionary);
        Assert.Equal("BID", channel.Dictionary!.Entry(22)!.Acronym);
    }

    [Fact]
    public void Ready_waits_for_the_directory_and_items_flow_to_the_default_callback()
    {
        using var pair = new ReactorPair();
        ReactorChannel? consumerChannel = null;
        bool readyBeforeDirectory = false;
        pair.ConsumerSide.OnEvent = (ch, type) =>
        {
            if (type != ReactorChannelEventType.ChannelReady)
                return;
            readyBeforeDirectory = !pair.ConsumerSide.Messages.Contains((DomainTypes.Source, MsgClass.Refresh, 2));
            consumerChannel = ch;
            Assert.Equal(ReactorReturnCode.Success, ItemMessages.SubmitRequest(ch));
        };
        pair.ConnectConsumer(pair.NewConsumerRole(DictionaryDownloadMode.None));
        pair.RunUntil(() => pair.ProviderSide.ItemRequests == 1, "the item request at the provider");
        Assert.False(readyBeforeDirectory, "ready was reported before the directory refresh arrived");

        ReactorChannel providerChannel = pair.Provider.Channels.Single();
        Assert.Equal(ReactorReturnCode.Success, ItemMessages.SubmitRefresh(providerChannel, ItemMessages.ItemStream));
        for (int i = 0; i < 10; i++)
            Assert.Equal(ReactorReturnCode.Success, ItemMessages.SubmitUpdate(providerChannel, ItemMessages.ItemStream, 100 + i));
        pair.RunUntil(() => pair.ConsumerSide.ItemUpdates == 10, "ten updates at the consumer");

        Assert.Equal(1, pair.ConsumerSide.ItemRefreshes);
        Assert.Equal(ItemMessages.ItemStream, pair.ConsumerSide.LastItemStream);
        Assert.NotNull(consumerChannel);
    }
}
