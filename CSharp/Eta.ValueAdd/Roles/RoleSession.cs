using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd;

/// <summary>
/// The per-channel state machine of a role: what happens when the channel comes up, for each message, and when it
/// goes down. Also routes admin messages to the RDM callbacks (with Raise passing them on to the default callback).
/// </summary>
internal abstract class RoleSession
{
    protected RoleSession(ReactorChannel channel) => Channel = channel;

    protected ReactorChannel Channel { get; }

    protected IReactorCallbacks Callbacks => Channel.Role.Callbacks;

    protected RdmLoginEvent Login { get; } = new();

    protected RdmDirectoryEvent Directory { get; } = new();

    protected RdmDictionaryEvent DictionaryEvent { get; } = new();

    public abstract ReactorCallbackReturn OnUp();

    public abstract ReactorCallbackReturn OnMsg(in Msg msg);

    public virtual void OnDown() { }

    protected ReactorCallbackReturn DeliverLogin(in Msg msg)
    {
        ReactorCallbackReturn ret = Callbacks.OnLoginMsg(Channel, msg, Login);
        return ret == ReactorCallbackReturn.Raise ? Callbacks.OnDefaultMsg(Channel, msg) : ret;
    }

    protected ReactorCallbackReturn DeliverDirectory(in Msg msg)
    {
        ReactorCallbackReturn ret = Callbacks.OnDirectoryMsg(Channel, msg, Directory);
        return ret == ReactorCallbackReturn.Raise ? Callbacks.OnDefaultMsg(Channel, msg) : ret;
    }

    protected ReactorCallbackReturn DeliverDictionary(in Msg msg)
    {
        ReactorCallbackReturn ret = Callbacks.OnDictionaryMsg(Channel, msg, DictionaryEvent);
        return ret == ReactorCallbackReturn.Raise ? Callbacks.OnDefaultMsg(Channel, msg) : ret;
    }

    /// <summary>Decodes and delivers an admin message the role itself does not act on; item messages go to the default callback.</summary>
    protected ReactorCallbackReturn DeliverAny(in Msg msg)
    {
        switch (msg.DomainType)
        {
            case DomainTypes.Login:
                Login.Decode(msg);
                return DeliverLogin(msg);
            case DomainTypes.Source:
                Directory.Decode(msg);
                return DeliverDirectory(msg);
            case DomainTypes.Dictionary:
                DictionaryEvent.Decode(msg);
                return DeliverDictionary(msg);
            default:
                return Callbacks.OnDefaultMsg(Channel, msg);
        }
    }

    protected static bool IsOpenOk(RdmState state) =>
        state.StreamState == StreamStates.Open && state.DataState == DataStates.Ok;

    /// <summary>A submit failed during the handshake: the channel is lost (Failure when the down callback failed).</summary>
    protected ReactorCallbackReturn Submitted(ReactorReturnCode rc, string what)
    {
        if (rc == ReactorReturnCode.Success)
            return ReactorCallbackReturn.Success;
        return Channel.Lose($"Sending the {what} failed: {Channel.ErrorText}") ? ReactorCallbackReturn.Success : ReactorCallbackReturn.Failure;
    }
}
