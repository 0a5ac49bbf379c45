using Eta.Codec;
using Eta.TestSupport;
using Eta.ValueAdd.Tests.Support;
using Xunit;

namespace Eta.ValueAdd.Tests.Channels;

/// <summary>
/// Steady state allocates nothing: a provider reactor submitting updates (encoded buffers and <see cref="Msg"/>
/// values) and a consumer reactor dispatching them to its default callback, with waits through Socket.Select.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class ReactorAllocationTests
{
    private const int UpdatesPerRun = 400;

    private static readonly byte[] s_payload = EncodePayload();

    [Fact]
    public void Dispatch_and_submit_allocate_nothing_per_message()
    {
        using var pair = new ReactorPair();
        pair.ConsumerSide.OnEvent = (ch, type) =>
        {
            if (type == ReactorChannelEventType.ChannelReady)
                ItemMessages.SubmitRequest(ch);
        };
        pair.ConnectConsumer(pair.NewConsumerRole(DictionaryDownloadMode.None));
        pair.RunUntil(() => pair.ProviderSide.ItemRequests == 1, "the item request");
        ReactorChannel provider = pair.Provider.Channels.Single();
        Assert.Equal(ReactorReturnCode.Success, ItemMessages.SubmitRefresh(provider, ItemMessages.ItemStream));
        pair.RunUntil(() => pair.ConsumerSide.ItemRefreshes == 1, "the refresh");
        pair.ConsumerSide.RecordMessages = false;
        pair.ProviderSide.RecordMessages = false;

        long sent = 0;
        AllocationAssert.None(() =>
        {
            long target = pair.ConsumerSide.ItemUpdates + UpdatesPerRun;
            long deadline = Environment.TickCount64 + 20_000;
            for (int i = 0; i < UpdatesPerRun; i++)
            {
                ReactorReturnCode rc = (i & 1) == 0
                    ? ItemMessages.SubmitUpdate(provider, ItemMessages.ItemStream, i)
                    : SubmitMsgUpdate(provider);
                while (rc is ReactorReturnCode.NoBuffers or ReactorReturnCode.WriteCallAgain)
                {
                    pair.Provider.Dispatch(0);
                    pair.Consumer.Dispatch(0);
                    rc = (i & 1) == 0 ? ItemMessages.SubmitUpdate(provider, ItemMessages.ItemStream, i) : SubmitMsgUpdate(provider);
                }
                if (rc != ReactorReturnCode.Success)
                    throw new InvalidOperationException(provider.ErrorText);
                sent++;
                if ((i & 31) == 0)
                    pair.Consumer.Dispatch(0);
            }
            while (pair.ConsumerSide.ItemUpdates < target && Environment.TickCount64 < deadline)
            {
                pair.Provider.Dispatch(0);
                pair.Consumer.Dispatch(1); // waits in Socket.Select when nothing is buffered
            }
        });
        Assert.Equal(sent, pair.ConsumerSide.ItemUpdates);
    }

    private static ReactorReturnCode SubmitMsgUpdate(ReactorChannel channel)
    {
        var msg = Msg.Create(MsgClass.Update, Codec.Rdm.DomainTypes.MarketPrice, ItemMessages.ItemStream, DataTypes.FieldList);
        msg.EncodedDataBody = s_payload;
        return channel.Submit(msg);
    }

    private static byte[] EncodePayload()
    {
        var space = new byte[64];
        var enc = new RwfEncoder(space);
        enc.FieldListInit();
        enc.FieldEntry(22, new Real(12345, RealHints.ExponentNeg2));
        enc.FieldListComplete(success: true);
        return enc.Written.ToArray();
    }
}
