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
    public PublishingSession(IMessageSink sink, MessagePacer updates, MessagePacer? genericMsgs)
    {
        Sink = sink;
        UpdatePacer = updates;
        GenericMsgPacer = genericMsgs;
        Slices = new UpdateSlices(updates.Plan.TickRate, System.Diagnostics.Stopwatch.Frequency);
    }

    public IMessageSink Sink { get; }

    public ItemTable Items { get; } = new();

    public MessagePacer UpdatePacer { get; }

    /// <summary>How this tick's update burst is spread over the tick (<see cref="BurstSender.StartUpdates"/>).</summary>
    public UpdateSlices Slices { get; }

    /// <summary>Null when generic messages are off.</summary>
    public MessagePacer? GenericMsgPacer { get; }
}
