using PerfTools.Common.Timing;

namespace PerfTools.Common.Provider;

/// <summary>
/// The part of a provider's connection that bursts are sent on: where its messages go, the item streams open on
/// it, and the pacing of its update and generic message bursts (rates are per connection). Who opened the
/// streams (a consumer's requests, or the provider itself for a non-interactive provider) is the tool's business.
/// Used by one provider thread only.
/// </summary>
public class PublishingSession
{
    /// <summary>
    /// The fewest updates a slice of the update burst carries (<see cref="UpdateSlices"/>). Each slice costs the
    /// provider a sleep and a wake-up (about 10 µs of its CPU on a VM) and the consumer one more: with slices of 200,
    /// 1 M/s went in 5 a tick and the sleeps were a fifth of the provider's CPU. At 300, 1 M/s goes in 3 slices a
    /// tick (LSEG C's provider waits 3 times a tick too) and 500 k/s whole: 12-15% less CPU per update at 1 M/s, a
    /// third less at 500 k/s (two slices of 250 there cost 255-290 ns per update against 183-190 whole), while what
    /// waits ahead of a stamped update (at most a slice) keeps the average latency under LSEG C's in nearly every run
    /// (PerfTools/bench/README.md, "Latency ladder"). Larger slices trade latency for CPU about linearly: at 500
    /// updates the latency at 1 M/s is LSEG C's.
    /// </summary>
    public const int MinSliceUpdates = 300;

    public PublishingSession(IMessageSink sink, MessagePacer updates, MessagePacer? genericMsgs)
    {
        Sink = sink;
        UpdatePacer = updates;
        GenericMsgPacer = genericMsgs;
        Slices = new UpdateSlices(updates.Plan.TickRate, System.Diagnostics.Stopwatch.Frequency, MinSliceUpdates);
    }

    public IMessageSink Sink { get; }

    public ItemTable Items { get; } = new();

    public MessagePacer UpdatePacer { get; }

    /// <summary>How this tick's update burst is spread over the tick (<see cref="BurstSender.StartUpdates"/>).</summary>
    public UpdateSlices Slices { get; }

    /// <summary>Null when generic messages are off.</summary>
    public MessagePacer? GenericMsgPacer { get; }
}
