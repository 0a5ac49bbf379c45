using Eta.Codec;
using Eta.Transport;

namespace Eta.ValueAdd;

/// <summary>
/// The seam where a watchlist sits between a consumer application and its channel. Without a layer
/// (<see cref="ConsumerRole.ItemLayerFactory"/> null) item submits go straight to the transport and item messages
/// straight to <see cref="IReactorCallbacks.OnDefaultMsg"/>. With one, the consumer role calls it for:
/// <list type="bullet">
/// <item>every item-domain message the application submits (any domain but login, directory, dictionary), decoded
/// as <paramref name="msg"/> and, when the application encoded it itself, the buffer holding it (which then belongs
/// to the layer: write it with <see cref="ReactorChannel.WriteToTransport"/> or release it);</item>
/// <item>every item-domain message received (the layer delivers what the application should see through
/// <see cref="ReactorChannel.DeliverDefaultMsg"/>);</item>
/// <item>every directory message received and every channel state change, so it can recover streams.</item>
/// </list>
/// All calls are made on the dispatching thread.
/// </summary>
internal interface IConsumerItemLayer
{
    ReactorReturnCode SubmitItem(ReactorChannel channel, in Msg msg, TransportBuffer? encoded);

    ReactorCallbackReturn OnItemMsg(ReactorChannel channel, in Msg msg);

    void OnDirectoryMsg(ReactorChannel channel, in Msg msg, RdmDirectoryEvent directory);

    void OnChannelState(ReactorChannel channel, ReactorChannelState state);

    /// <summary>Once per dispatch pass of an Up or Ready channel, before reading: timers and queued work.</summary>
    ReactorCallbackReturn OnDispatch(ReactorChannel channel);
}
