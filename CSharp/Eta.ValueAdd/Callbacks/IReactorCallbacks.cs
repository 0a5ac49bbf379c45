using Eta.Codec;

namespace Eta.ValueAdd;

/// <summary>
/// The application's side of a role: the reactor calls these from <see cref="Reactor.Dispatch"/>, on the dispatching
/// thread. One interface the application implements (no delegates, nothing boxed): a message arrives as the decoded
/// <see cref="Msg"/> header (<c>in</c>, valid only during the call: its spans point into the transport's read buffer),
/// and admin messages also as RDM objects in a per-channel event that is reused for every message.
/// Login, directory and dictionary callbacks default to <see cref="ReactorCallbackReturn.Raise"/>, which hands the
/// message to <see cref="OnDefaultMsg"/>.
/// </summary>
public interface IReactorCallbacks
{
    /// <summary>Channel up, ready, down-reconnecting, down, or a warning.</summary>
    ReactorCallbackReturn OnChannelEvent(ReactorChannel channel, ReactorChannelEventType eventType);

    /// <summary>Any message no other callback took: item messages, and admin messages raised by the callbacks below.</summary>
    ReactorCallbackReturn OnDefaultMsg(ReactorChannel channel, in Msg msg) => ReactorCallbackReturn.Success;

    /// <summary>A login-domain message, decoded into <paramref name="login"/>.</summary>
    ReactorCallbackReturn OnLoginMsg(ReactorChannel channel, in Msg msg, RdmLoginEvent login) => ReactorCallbackReturn.Raise;

    /// <summary>A source-directory message, decoded into <paramref name="directory"/>.</summary>
    ReactorCallbackReturn OnDirectoryMsg(ReactorChannel channel, in Msg msg, RdmDirectoryEvent directory) => ReactorCallbackReturn.Raise;

    /// <summary>A dictionary-domain message, decoded into <paramref name="dictionary"/>.</summary>
    ReactorCallbackReturn OnDictionaryMsg(ReactorChannel channel, in Msg msg, RdmDictionaryEvent dictionary) => ReactorCallbackReturn.Raise;
}
