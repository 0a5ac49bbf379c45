using PerfTools.Common.Timing;
using PerfTools.ProvPerf.Items;

namespace PerfTools.ProvPerf.Session;

/// <summary>
/// The provider's view of one consumer connection: where its messages go, its login and directory streams,
/// the items it opened, and the pacing of its update and generic message bursts (rates are per connection).
/// Used by one provider thread only.
/// </summary>
internal sealed class ProviderSession
{
    public ProviderSession(string name, IMessageSink sink, TextWriter console, MessagePacer updates, MessagePacer? genericMsgs)
    {
        Name = name;
        Sink = sink;
        Console = console;
        UpdatePacer = updates;
        GenericMsgPacer = genericMsgs;
    }

    /// <summary>Describes the connection in console messages (e.g. the peer address).</summary>
    public string Name { get; }

    public IMessageSink Sink { get; }

    /// <summary>Console output of the run (shared, thread-safe writer).</summary>
    public TextWriter Console { get; }

    public ItemTable Items { get; } = new();

    public MessagePacer UpdatePacer { get; }

    /// <summary>Null when generic messages are off.</summary>
    public MessagePacer? GenericMsgPacer { get; }

    /// <summary>Stream id of the consumer's login, 0 before it logs in.</summary>
    public int LoginStreamId { get; set; }

    /// <summary>Stream id of the consumer's directory request, 0 before it asks.</summary>
    public int DirectoryStreamId { get; set; }

    /// <summary>Round trip latency monitoring state; null unless the consumer's login asked for it.</summary>
    public RoundTripMonitor? RoundTrip { get; set; }
}
