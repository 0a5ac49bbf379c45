using PerfTools.Common.Network;
using PerfTools.PerfHub.Network;
using PerfTools.PerfHub.Routing;

namespace PerfTools.PerfHub.Run;

/// <summary>
/// One channel of the loop with what reads it: Common's <see cref="ChannelReader"/> over the channel's port hands each
/// message to the router for the channel's peer, and stops the slice once the router wants the channel closed.
/// </summary>
internal sealed class Connection : IMessageHandler
{
    private readonly HubRouter _router;

    public Connection(HubChannel channel, Peer peer, HubRouter router)
    {
        Channel = channel;
        Peer = peer;
        _router = router;
        Reader = new ChannelReader(channel.Port, this);
    }

    public HubChannel Channel { get; }

    public Peer Peer { get; }

    public ChannelReader Reader { get; }

    public bool OnMessage(ReadOnlySpan<byte> message)
    {
        _router.OnMessage(Peer, message);
        return Peer.CloseRequest is null;
    }
}
