using PerfTools.PerfHub.Cache;

namespace PerfTools.PerfHub.Routing;

/// <summary>
/// What the hub owes one peer but could not write yet because its output had no free buffer: admin messages (login,
/// directory, statuses, upstream item requests) and item images. Nothing here is dropped: the loop retries every
/// pass, in order (admin first, then images), until each is written or the channel is closed (the stall timeout
/// closes a peer that never frees a buffer). The queues are rings that grow only when a stream is opened, never per
/// message.
/// </summary>
internal sealed class PendingOutput
{
    public Queue<EncodeInto> Admin { get; } = new();

    public Queue<Subscription> Images { get; } = new();

    /// <summary>Anything owed: new messages to the peer queue behind it, so they keep their order.</summary>
    public bool Any => Admin.Count > 0 || Images.Count > 0;

    public void Clear()
    {
        Admin.Clear();
        Images.Clear();
    }
}
