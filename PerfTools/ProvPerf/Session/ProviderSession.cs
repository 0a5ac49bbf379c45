using PerfTools.Common.Provider;
using PerfTools.Common.Timing;

namespace PerfTools.ProvPerf.Session;

/// <summary>
/// The provider's view of one consumer connection: the shared publishing state (sink, items the consumer opened,
/// update and generic message pacing) plus its login and directory streams. Used by one provider thread only.
/// </summary>
internal sealed class ProviderSession : PublishingSession
{
    public ProviderSession(string name, IMessageSink sink, TextWriter console, MessagePacer updates, MessagePacer? genericMsgs)
        : base(sink, updates, genericMsgs)
    {
        Name = name;
        Console = console;
    }

    /// <summary>Describes the connection in console messages (e.g. the peer address).</summary>
    public string Name { get; }

    /// <summary>Console output of the run (shared, thread-safe writer).</summary>
    public TextWriter Console { get; }

    /// <summary>Stream id of the consumer's login, 0 before it logs in.</summary>
    public int LoginStreamId { get; set; }

    /// <summary>Stream id of the consumer's directory request, 0 before it asks.</summary>
    public int DirectoryStreamId { get; set; }

    /// <summary>Round trip latency monitoring state; null unless the consumer's login asked for it.</summary>
    public RoundTripMonitor? RoundTrip { get; set; }
}
