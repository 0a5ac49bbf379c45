using PerfTools.Common.Omm;
using PerfTools.Common.Timing;

namespace PerfTools.Common.Provider;

/// <summary>
/// Encodes and sends one connection's messages for a tick: the update burst (in slices over the tick,
/// <see cref="UpdateSlices"/>) and the generic message burst (round-robin over the items in the rotation, timestamps
/// where the pacer says), and refresh bursts in spare time. The timestamp is taken before the buffer is obtained and the message encoded (guide §5.4, §6.4).
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

    /// <summary>Tick <paramref name="tickNumber"/>'s updates, all at once (the <c>-reactor</c> workers); false when the channel failed.</summary>
    public bool SendUpdates(PublishingSession session, long tickNumber)
    {
        session.Slices.BeginTick(BeginUpdateTick(session, tickNumber), 0);
        return SendOwed(session, session.Slices.Owed);
    }

    /// <summary>
    /// Start of a tick: what the last tick still owed goes now, then this tick's burst begins and its first slice
    /// goes (<see cref="UpdateSlices"/>: the rest follow through <see cref="SendDueUpdates"/> as they fall due);
    /// false when the channel failed.
    /// </summary>
    public bool StartUpdates(PublishingSession session, long tickNumber, long now)
    {
        UpdateSlices slices = session.Slices;
        if (slices.Owed > 0 && !SendOwed(session, slices.Owed))
            return false;
        slices.BeginTick(BeginUpdateTick(session, tickNumber), now);
        return SendSlice(session, slices.DueBy(now)) >= 0;
    }

    // The updates of ticks the loop skipped (it fell more than TickScheduler.MaxCatchUp behind) are counted, not sent late.
    private int BeginUpdateTick(PublishingSession session, long tickNumber)
    {
        int burst = session.UpdatePacer.BeginTick(tickNumber);
        if (session.UpdatePacer.MessagesSkipped > 0)
            _stats.UpdatesBehindSchedule.Add(session.UpdatePacer.MessagesSkipped);
        return burst;
    }

    /// <summary>The slices of this tick's burst due by <paramref name="now"/>: the number sent, or -1 when the channel failed.</summary>
    public int SendDueUpdates(PublishingSession session, long now)
    {
        int due = session.Slices.DueBy(now);
        return due <= 0 ? 0 : SendSlice(session, due);
    }

    // A slice of `count` updates, run on to the transport's next write when the high-water mark fell inside it (some
    // of the slice was written already, the rest waits under the mark): the slice then ends where the transport wrote
    // anyway, and its end costs no write of its own. At the guide's 6,144-byte mark a 300-update slice spans 7 or 8
    // writes, and its last, partial one was an extra sendto per slice. The run-on takes updates of this tick's later
    // slices (sent a little early, each stamped when encoded), at most as many as the slice had. With a mark above
    // the slice (-highWaterMark 65536) nothing of it was written before its end: it stays as it was, one write.
    // The number sent, or -1 when the channel failed.
    private int SendSlice(PublishingSession session, int count)
    {
        if (!SendOwed(session, count))
            return -1;
        int unwritten = session.Sink.UnwrittenMessages;
        if (unwritten == 0 || unwritten >= count)
            return count;
        int extra = 0;
        while (extra < count && session.Slices.Owed > 0 && session.Sink.UnwrittenMessages > 0)
        {
            if (!SendOwed(session, 1))
                return -1;
            extra++;
        }
        return count + extra;
    }

    // The next `count` updates of the tick's burst; out of buffers gives up the rest of the tick.
    private bool SendOwed(PublishingSession session, int count)
    {
        MessagePacer pacer = session.UpdatePacer;
        UpdateSlices slices = session.Slices;
        for (int i = 0; i < count; i++)
        {
            if (!session.Items.TryNextForUpdate(out int index))
            {
                SkipRest(pacer, slices.Owed);
                slices.GiveUpRest();
                return true;
            }
            ulong timestamp = pacer.NextCarriesLatency() ? (ulong)PerfTimestamp.NowMicroseconds() : 0;
            slices.Sent(1);
            Span<byte> space = session.Sink.Reserve(_maxMessageLength);
            if (space.IsEmpty)
            {
                _stats.OutOfBuffers.Add(slices.Owed + 1);
                SkipRest(pacer, slices.Owed);
                slices.GiveUpRest();
                return true;
            }
            ref RotationEntry item = ref session.Items.Entry(index);
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
            if (!session.Items.TryNextForGenericMsg(out int index))
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
            ref RotationEntry item = ref session.Items.Entry(index);
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

    /// <summary>
    /// Refreshes wait while this many bytes of the connection's output are unsent. A provider sends images in all its
    /// spare time, faster than a consumer decodes them, so without a bound the image phase queued megabytes ahead of
    /// the updates that follow each image (up to -outputBufs buffers), and the consumer's steady state opened on that
    /// backlog. Images now leave as the consumer takes them (PerfHub holds its images back the same way).
    /// </summary>
    public const int RefreshBacklogLimit = 64 * 1024;

    /// <summary>
    /// Up to <paramref name="max"/> queued refreshes, fewer when the connection's output backs up past
    /// <see cref="RefreshBacklogLimit"/>; the number sent, or -1 when the channel failed.
    /// </summary>
    public int SendRefreshes(PublishingSession session, int max)
    {
        int sent = 0;
        while (sent < max && session.Sink.UnsentBytes <= RefreshBacklogLimit && session.Items.TryDequeueRefresh(out ItemStream item))
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
