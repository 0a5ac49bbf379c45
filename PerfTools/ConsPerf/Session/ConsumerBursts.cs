using Eta.Codec;
using PerfTools.Common.Omm;
using PerfTools.Common.Timing;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Run;
using PerfTools.ConsPerf.Statistics;

namespace PerfTools.ConsPerf.Session;

/// <summary>
/// One tick's item requests, posts and generic messages (guide §4.3), paced at their rates and encoded into an
/// <see cref="IConsumerOutput"/>. Direct and reactor sessions send the same bursts; only their output differs.
/// </summary>
internal sealed class ConsumerBursts
{
    private readonly ItemStreamTable _items;
    private readonly ConsumerThreadStats _stats;
    private readonly MarketPriceEncoder? _contentEncoder;
    private readonly PostUserInfo _postUser;
    private readonly Action<RunOutcomeKind, string> _fail;
    private readonly MessagePacer _requestPacer;
    private readonly MessagePacer? _postPacer;
    private readonly MessagePacer? _genMsgPacer;

    /// <summary>
    /// Paces requests at -requestRate, and posts and generic messages at their rates when the thread's items include
    /// some flagged for them; when none is, says so through <paramref name="warn"/> rather than send nothing in silence.
    /// </summary>
    public ConsumerBursts(int threadNumber, ConsPerfOptions options, ItemStreamTable items, ConsumerThreadStats stats,
        MarketPriceEncoder? contentEncoder, PostUserInfo postUser, Action<RunOutcomeKind, string> fail, Action<string> warn)
    {
        _items = items;
        _stats = stats;
        _contentEncoder = contentEncoder;
        _postUser = postUser;
        _fail = fail;
        _requestPacer = new MessagePacer(options.RequestRate, 0, options.TickRate);
        if (options.PostingRate > 0 && items.HasPostingItems)
            _postPacer = new MessagePacer(options.PostingRate, options.PostingLatencyRate, options.TickRate, seed: threadNumber);
        if (options.GenericMsgRate > 0 && items.HasGenMsgItems)
            _genMsgPacer = new MessagePacer(options.GenericMsgRate, options.GenericMsgLatencyRate, options.TickRate, seed: 100 + threadNumber);
        string who = $"{ConsPerfCommandLine.ToolName}: warning: consumer thread {threadNumber}";
        if (options.PostingRate > 0 && !items.HasPostingItems)
            warn($"{who} has no item with post=\"true\"; it will not post.");
        if (options.GenericMsgRate > 0 && !items.HasGenMsgItems)
            warn($"{who} has no item with genMsg=\"true\"; it will not send generic messages.");
    }

    /// <summary>True when posts or generic messages are paced: every tick has some to send once the images are in.</summary>
    public bool PacesPostsOrGenMsgs => _postPacer is not null || _genMsgPacer is not null;

    /// <summary>
    /// This tick's bursts: requests while items are left to request (once the service is known, <paramref name="serviceId"/>
    /// not negative), then, once every image is in, posts and generic messages.
    /// </summary>
    public void SendDue(IConsumerOutput output, int serviceId)
    {
        if (serviceId >= 0 && !_items.AllRequested)
            SendRequests(output, serviceId);
        if (!_stats.AllImagesReceived)
            return;
        if (_postPacer is not null)
            SendPosts(output, _postPacer);
        if (_genMsgPacer is not null)
            SendGenMsgs(output, _genMsgPacer);
    }

    private void SendRequests(IConsumerOutput output, int serviceId)
    {
        int burst = _requestPacer.BeginTick();
        for (int i = 0; i < burst; i++)
        {
            ItemStream? item = _items.NextToRequest();
            if (item is null)
                return;
            Span<byte> space = output.Reserve(ItemRequest.MaxLength(item.Name.Length));
            if (space.IsEmpty)
                return; // out of output buffers: the rest waits for the next tick
            int written = ItemRequest.Encode(space, item.StreamId, serviceId, item.Name, streaming: !item.Snapshot);
            if (!Send(output, written))
                return;
            _items.MarkRequested(item);
            _stats.CountRequest(PerfTimestamp.NowMicroseconds());
        }
    }

    private void SendPosts(IConsumerOutput output, MessagePacer pacer)
    {
        int burst = pacer.BeginTick();
        for (int i = 0; i < burst; i++)
        {
            ItemStream item = _items.NextPostItem();
            bool latency = pacer.NextCarriesLatency();
            Span<byte> space = output.Reserve(_contentEncoder!.MaxMessageLength(0));
            if (space.IsEmpty)
            {
                _stats.PostsOutOfBuffers.Increment();
                return;
            }
            ulong stamp = latency ? (ulong)PerfTimestamp.NowMicroseconds() : 0;
            if (_contentEncoder.EncodePost(space, item.StreamId, ref item.PostCursor, _postUser, stamp, out int written) != CodecReturnCode.Success)
            {
                output.Cancel();
                _fail(RunOutcomeKind.ProviderRefused, "cannot encode a post from the message data file");
                return;
            }
            if (!Send(output, written))
                return;
            _stats.PostsSent.Increment();
        }
    }

    private void SendGenMsgs(IConsumerOutput output, MessagePacer pacer)
    {
        int burst = pacer.BeginTick();
        for (int i = 0; i < burst; i++)
        {
            ItemStream item = _items.NextGenMsgItem();
            bool latency = pacer.NextCarriesLatency();
            Span<byte> space = output.Reserve(_contentEncoder!.MaxMessageLength(0));
            if (space.IsEmpty)
                return;
            ulong stamp = latency ? (ulong)PerfTimestamp.NowMicroseconds() : 0;
            if (_contentEncoder.EncodeGenericMsg(space, item.StreamId, ref item.GenMsgCursor, stamp, out int written) != CodecReturnCode.Success)
            {
                output.Cancel();
                _fail(RunOutcomeKind.ProviderRefused, "cannot encode a generic message from the message data file");
                return;
            }
            if (!Send(output, written))
                return;
            _stats.CountGenMsgSent(latency);
        }
    }

    private bool Send(IConsumerOutput output, int length)
    {
        if (output.Send(length))
            return true;
        _fail(RunOutcomeKind.ConnectionLost, "connection lost while writing: " + output.ErrorText);
        return false;
    }
}
