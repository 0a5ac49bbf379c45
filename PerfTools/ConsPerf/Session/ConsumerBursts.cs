using Eta.Codec;
using PerfTools.Common.Omm;
using PerfTools.Common.Timing;
using PerfTools.ConsPerf.Run;
using PerfTools.ConsPerf.Statistics;

namespace PerfTools.ConsPerf.Session;

/// <summary>
/// One tick's item requests, posts and generic messages (guide §4.3), encoded into an <see cref="IConsumerOutput"/>.
/// Direct and reactor sessions send the same bursts; only their output differs.
/// </summary>
internal sealed class ConsumerBursts(ItemStreamTable items, ConsumerThreadStats stats, MarketPriceEncoder? contentEncoder,
    PostUserInfo postUser, Action<RunOutcomeKind, string> fail)
{
    public void SendRequests(IConsumerOutput output, MessagePacer pacer, int serviceId)
    {
        int burst = pacer.BeginTick();
        for (int i = 0; i < burst; i++)
        {
            ItemStream? item = items.NextToRequest();
            if (item is null)
                return;
            Span<byte> space = output.Reserve(ItemRequest.MaxLength(item.Name.Length));
            if (space.IsEmpty)
                return; // out of output buffers: the rest waits for the next tick
            int written = ItemRequest.Encode(space, item.StreamId, serviceId, item.Name, streaming: !item.Snapshot);
            if (!Send(output, written))
                return;
            items.MarkRequested(item);
            stats.CountRequest(PerfTimestamp.NowMicroseconds());
        }
    }

    public void SendPosts(IConsumerOutput output, MessagePacer pacer)
    {
        int burst = pacer.BeginTick();
        for (int i = 0; i < burst; i++)
        {
            ItemStream item = items.NextPostItem();
            bool latency = pacer.NextCarriesLatency();
            Span<byte> space = output.Reserve(contentEncoder!.MaxMessageLength(0));
            if (space.IsEmpty)
            {
                stats.PostsOutOfBuffers.Increment();
                return;
            }
            ulong stamp = latency ? (ulong)PerfTimestamp.NowMicroseconds() : 0;
            if (contentEncoder.EncodePost(space, item.StreamId, ref item.PostCursor, postUser, stamp, out int written) != CodecReturnCode.Success)
            {
                output.Cancel();
                fail(RunOutcomeKind.ProviderRefused, "cannot encode a post from the message data file");
                return;
            }
            if (!Send(output, written))
                return;
            stats.PostsSent.Increment();
        }
    }

    public void SendGenMsgs(IConsumerOutput output, MessagePacer pacer)
    {
        int burst = pacer.BeginTick();
        for (int i = 0; i < burst; i++)
        {
            ItemStream item = items.NextGenMsgItem();
            bool latency = pacer.NextCarriesLatency();
            Span<byte> space = output.Reserve(contentEncoder!.MaxMessageLength(0));
            if (space.IsEmpty)
                return;
            ulong stamp = latency ? (ulong)PerfTimestamp.NowMicroseconds() : 0;
            if (contentEncoder.EncodeGenericMsg(space, item.StreamId, ref item.GenMsgCursor, stamp, out int written) != CodecReturnCode.Success)
            {
                output.Cancel();
                fail(RunOutcomeKind.ProviderRefused, "cannot encode a generic message from the message data file");
                return;
            }
            if (!Send(output, written))
                return;
            stats.CountGenMsgSent(latency);
        }
    }

    private bool Send(IConsumerOutput output, int length)
    {
        if (output.Send(length))
            return true;
        fail(RunOutcomeKind.ConnectionLost, "connection lost while writing: " + output.ErrorText);
        return false;
    }
}
