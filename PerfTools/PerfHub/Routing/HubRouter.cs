using Eta.Codec;
using PerfTools.PerfHub.Network;

namespace PerfTools.PerfHub.Routing;

/// <summary>Decodes each message read and hands it to the side that serves the peer's role.</summary>
internal sealed class HubRouter
{
    private readonly HubState _hub;
    private readonly ConsumerSide _consumers;
    private readonly ProviderSide _providers;
    private readonly UpstreamSide _upstream;

    public HubRouter(HubState hub)
    {
        _hub = hub;
        var publisher = new ItemPublisher(hub);
        _consumers = new ConsumerSide(hub);
        _providers = new ProviderSide(hub, publisher);
        _upstream = new UpstreamSide(hub, publisher, _consumers);
    }

    public HubState Hub => _hub;

    /// <summary>A channel finished its handshake.</summary>
    public void OnActive(Peer peer)
    {
        if (peer.Role == ChannelRole.Consumer)
            _hub.Consumers.Add(peer);
        else if (peer.Role == ChannelRole.Upstream)
            _upstream.OnActive(peer);
    }

    public void OnMessage(Peer peer, ReadOnlySpan<byte> encoded)
    {
        _hub.Counters.MessagesIn++;
        if (MsgDecoder.Decode(encoded, out Msg msg) != CodecReturnCode.Success)
        {
            _hub.Counters.UndecodableMessages++;
            peer.RequestClose("sent a message that does not decode as RWF");
            return;
        }
        switch (peer.Role)
        {
            case ChannelRole.Consumer:
                _consumers.OnMessage(peer, msg, encoded);
                break;
            case ChannelRole.NiProvider:
                _providers.OnMessage(peer, msg, encoded);
                break;
            case ChannelRole.Upstream:
                _upstream.OnMessage(peer, msg, encoded);
                break;
        }
    }

    /// <summary>Writes what the peer is owed from earlier passes (see <see cref="HubState.RetryPending"/>).</summary>
    public void RetryPending(Peer peer)
    {
        if (peer.Pending.Any)
            _hub.RetryPending(peer);
    }

    /// <summary>The peer's channel is closed (or closing): undo what it held.</summary>
    public void OnLost(Peer peer)
    {
        peer.Pending.Clear();
        switch (peer.Role)
        {
            case ChannelRole.Consumer:
                _consumers.OnLost(peer);
                break;
            case ChannelRole.NiProvider:
                _providers.OnLost(peer);
                break;
            case ChannelRole.Upstream:
                _upstream.OnLost(peer);
                break;
        }
    }
}
