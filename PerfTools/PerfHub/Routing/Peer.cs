using PerfTools.PerfHub.Cache;
using PerfTools.PerfHub.Network;

namespace PerfTools.PerfHub.Routing;

/// <summary>
/// What the router knows about the far end of one channel: its role, login, directory stream and item streams, and
/// where messages to it go (<see cref="Output"/>: the channel, or a test's in-memory sink).
/// </summary>
internal sealed class Peer(IMessageOutput output, ChannelRole role, string name)
{
    public IMessageOutput Output { get; } = output;

    public ChannelRole Role { get; } = role;

    public string Name { get; } = name;

    /// <summary>Why the router wants the channel closed (bad input, refused login), once it does.</summary>
    public string? CloseRequest { get; private set; }

    public bool LoggedIn { get; set; }

    /// <summary>The peer's login stream id (consumer, NI provider) or the hub's own (upstream).</summary>
    public int LoginStreamId { get; set; }

    /// <summary>A consumer's open directory stream (0: none) and the filter it asked for.</summary>
    public int DirectoryStreamId { get; set; }

    public Eta.Codec.Rdm.ServiceFilterFlags DirectoryFilter { get; set; }

    /// <summary>Consumer side: the consumer's item streams.</summary>
    public Dictionary<int, Subscription> Subscriptions { get; } = [];

    /// <summary>Provider side (NI or upstream): the items published on each of its streams.</summary>
    public StreamMap Published { get; } = new();

    /// <summary>Messages owed to the peer that found no output buffer; retried every pass of the loop.</summary>
    public PendingOutput Pending { get; } = new();

    public void RequestClose(string reason) => CloseRequest ??= reason;
}
