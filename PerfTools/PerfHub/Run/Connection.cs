using PerfTools.Common.Network;
using PerfTools.PerfHub.Network;
using PerfTools.PerfHub.Routing;

namespace PerfTools.PerfHub.Run;

/// <summary>
/// One channel of the loop with what reads it: Common's <see cref="ChannelReader"/> over the channel's port hands each
/// message to the router for the channel's peer (a source's through the loop's <see cref="SourceBatch"/>), and stops
/// the slice once the router wants the channel closed.
/// </summary>
internal sealed class Connection : IMessageHandler
{
    private readonly HubRouter _router;
    private readonly SourceBatch? _batch;

    /// <param name="batch">Where a source's messages wait to be handled together; null to handle each as read.</param>
    public Connection(HubChannel channel, Peer peer, HubRouter router, SourceBatch? batch)
    {
        Channel = channel;
        Peer = peer;
        _router = router;
        _batch = channel.Role == ChannelRole.Consumer ? null : batch;
        Reader = new ChannelReader(channel.Port, this);
    }

    public HubChannel Channel { get; }

    public Peer Peer { get; }

    public ChannelReader Reader { get; }

    public bool OnMessage(ReadOnlySpan<byte> message)
    {
        if (_batch is not null)
            return _batch.Add(Peer, message);
        _router.OnMessage(Peer, message);
        return Peer.CloseRequest is null;
    }

    /// <summary>The read slice ended: handles what the batch still holds.</summary>
    public void EndSlice() => _batch?.Handle();
}
