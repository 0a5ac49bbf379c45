using PerfTools.Common.Omm;
using PerfTools.Common.Timing;

namespace PerfTools.Common.Provider;

/// <summary>
/// Encodes and sends one connection's messages for a tick: the update burst and the generic message burst
/// (round-robin over the items in the rotation, timestamps where the pacer says), and refresh bursts in spare
/// time. The timestamp is taken before the buffer is obtained and the message encoded (guide §5.4, §6.4).
/// Shared by ProvPerf (refreshes answer requests: solicited) and NIProvPerf (the provider opens the streams:
/// unsolicited). Allocates nothing.
/// </summary>
public sealed class BurstSender
{
    // Item names are at most 255 bytes (u8 length on the wire).
    private const int MaxNameLength = 255;

    private readonly MarketPriceEncoder _encoder;
    private readonly PublishingStats _stats;
    private readonly bool _solicitedRefreshes;
    private readonly int _maxMessageLength;

    public BurstSender(MarketPriceEncoder encoder, PublishingStats stats, bool solicitedRefreshes)
    {
        _encoder = encoder;
        _stats = stats;
        _solicitedRefreshes = solicitedRefreshes;
        _maxMessageLength = encoder.MaxMessageLength(MaxNameLength);
    }

    /// <summary>
    /// Tick <paramref name="tickNumber"/>'s updates; false when the channel failed. The updates of ticks the loop
    /// skipped (it fell too far behind: <see cref="TickScheduler.MaxCatchUp"/>) are counted, not sent late.
    /// </summary>
    public bool SendUpdates(PublishingSession session, long tickNumber)
    {
        MessagePacer pacer = session.UpdatePacer;
        int burst = pacer.BeginTick(tickNumber);
        if (pacer.MessagesSkipped > 0)
            _stats.UpdatesBehindSchedule.Add(pacer.MessagesSkipped);
        for (int i = 0; i < burst; i++)
        {
            if (!session.Items.TryNextForUpdate(out ItemStream item))
            {
                SkipRest(pacer, burst - i);
                return true;
            }
            ulong timestamp = pacer.NextCarriesLatency() ? (ulong)PerfTimestamp.NowMicroseconds() : 0;
            Span<byte> space = session.Sink.Reserve(_maxMessageLength);
            if (space.IsEmpty)
            {
                _stats.OutOfBuffers.Add(burst - i);
                SkipRest(pacer, burst - i - 1);
                return true;
            }
            if (_encoder.EncodeUpdate(space, item.StreamId, ref item.UpdateCursor, timestamp, out int written) < 0)
            {
                session.Sink.Cancel();
                return false;
            }
            if (!session.Sink.Send(written))
                return false;
            _stats.Updates.Increment();
        }
        return true;
    }

    /// <summary>Tick <paramref name="tickNumber"/>'s generic messages (when -genericMsgRate is set); false when the channel failed.</summary>
    public bool SendGenericMsgs(PublishingSession session, long tickNumber)
    {
        MessagePacer? pacer = session.GenericMsgPacer;
        if (pacer is null || _encoder.Data.GenericMsgs.Count == 0)
            return true;
        int burst = pacer.BeginTick(tickNumber);
        for (int i = 0; i < burst; i++)
        {
            if (!session.Items.TryNextForGenericMsg(out ItemStream item))
            {
                SkipRest(pacer, burst - i);
                return true;
            }
            bool latency = pacer.NextCarriesLatency();
            ulong timestamp = latency ? (ulong)PerfTimestamp.NowMicroseconds() : 0;
            Span<byte> space = session.Sink.Reserve(_maxMessageLength);
            if (space.IsEmpty)
            {
                SkipRest(pacer, burst - i - 1);
                return true;
            }
            if (_encoder.EncodeGenericMsg(space, item.StreamId, ref item.GenericCursor, timestamp, out int written) < 0)
            {
                session.Sink.Cancel();
                return false;
            }
            if (!session.Sink.Send(written))
                return false;
            _stats.GenMsgsSent.Increment();
            if (latency)
                _stats.GenMsgLatenciesSent.Increment();
        }
        return true;
    }

    /// <summary>Up to <paramref name="max"/> queued refreshes; the number sent, or -1 when the channel failed.</summary>
    public int SendRefreshes(PublishingSession session, int max)
    {
        int sent = 0;
        while (sent < max && session.Items.TryDequeueRefresh(out ItemStream item))
        {
            Span<byte> space = session.Sink.Reserve(_maxMessageLength);
            if (space.IsEmpty)
            {
                session.Items.QueueRefresh(item); // no buffer now: try again later
                break;
            }
            var refresh = new ItemRefresh(item.StreamId, item.Name, item.ServiceId, item.NameType, item.Streaming, _solicitedRefreshes);
            if (_encoder.EncodeRefresh(space, refresh, out int written) < 0)
            {
                session.Sink.Cancel();
                return -1;
            }
            if (!session.Sink.Send(written))
                return -1;
            _stats.Images.Increment();
            session.Items.RefreshSent(item);
            sent++;
        }
        return sent;
    }

    // Keeps the pacer's latency positions in step when a burst ends early.
    private static void SkipRest(MessagePacer pacer, int count)
    {
        for (int i = 0; i < count; i++)
            pacer.NextCarriesLatency();
    }
}
