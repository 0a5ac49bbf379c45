using Eta.ValueAdd.Tests.Support;
using Xunit;

namespace Eta.ValueAdd.Tests.Channels;

/// <summary>
/// Dispatch reads a channel until the transport says nothing is left buffered (Success), and no further: one more
/// read then would only be a recv the socket refuses, once per wake-up at a million updates a second.
/// </summary>
public sealed class DispatchReadTests
{
    private const int Updates = 3;

    [Fact]
    public void Dispatch_makes_one_read_per_message_and_none_after_the_buffer_is_empty()
    {
        using var pair = new ReactorPair();
        pair.ConsumerSide.OnEvent = (ch, type) =>
        {
            if (type == ReactorChannelEventType.ChannelReady)
                ItemMessages.SubmitRequest(ch);
        };
        ReactorChannel consumer = pair.ConnectConsumer(pair.NewConsumerRole(DictionaryDownloadMode.None));
        pair.RunUntil(() => pair.ProviderSide.ItemRequests == 1, "the item request");
        ReactorChannel provider = pair.Provider.Channels.Single();
        Assert.Equal(ReactorReturnCode.Success, ItemMessages.SubmitRefresh(provider, ItemMessages.ItemStream));
        pair.RunUntil(() => pair.ConsumerSide.ItemRefreshes == 1, "the refresh");

        for (int i = 0; i < Updates; i++)
            Assert.Equal(ReactorReturnCode.Success, ItemMessages.SubmitUpdate(provider, ItemMessages.ItemStream, i));
        long readsBefore = consumer.ReadCalls;
        var socket = consumer.Channel!.Socket;
        var clock = System.Diagnostics.Stopwatch.StartNew();
        while (pair.ConsumerSide.ItemUpdates < Updates)
        {
            Assert.True(clock.Elapsed < ReactorPair.Deadline, $"timed out waiting for the updates ({pair.ConsumerSide.ItemUpdates} of {Updates})");
            pair.Provider.Dispatch(0); // flushes what the submits left queued
            if (socket.Available > 0)
                Assert.NotEqual(ReactorReturnCode.Failure, pair.Consumer.Dispatch(0)); // only when bytes wait: every read finds some
        }

        // Each read returned a message; the last one said Success (nothing buffered) and dispatch stopped there.
        Assert.Equal(Updates, consumer.ReadCalls - readsBefore);
        Assert.Equal(ReactorChannelState.Ready, consumer.State);
    }
}
