using PerfTools.Common.Provider;
using PerfTools.Common.Timing;

namespace PerfTools.NIProvPerf.Session;

/// <summary>
/// A non-interactive provider's one connection to the hub: the shared publishing state (the items it publishes,
/// on streams it opened itself, and the update pacing) plus where its login stands.
/// Used by one provider thread only.
/// </summary>
internal sealed class NIProviderSession : PublishingSession
{
    public NIProviderSession(string name, IMessageSink sink, TextWriter console, MessagePacer updates)
        : base(sink, updates, genericMsgs: null)
    {
        Name = name;
        Console = console;
    }

    /// <summary>Describes the connection in console messages.</summary>
    public string Name { get; }

    /// <summary>Console output of the run (shared, thread-safe writer).</summary>
    public TextWriter Console { get; }

    public LoginState Login { get; set; }
}
