using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.PerfHub.Cache;

namespace PerfTools.PerfHub.Routing;

/// <summary>
/// The ADH half of the hub: non-interactive providers log in with the provider role, publish their services with a
/// source directory refresh, then push item refreshes (on negative stream ids) and updates that build the cache.
/// </summary>
internal sealed class ProviderSide(HubState hub, ItemPublisher publisher)
{
    public void OnMessage(Peer provider, scoped in Msg msg, ReadOnlySpan<byte> encoded)
    {
        if (!provider.LoggedIn && !(msg.DomainType == DomainTypes.Login && msg.MsgClass == MsgClass.Request))
        {
            provider.RequestClose("sent a message before its login request");
            return;
        }
        switch (msg.DomainType)
        {
            case DomainTypes.Login:
                OnLogin(provider, msg);
                break;
            case DomainTypes.Source:
                OnDirectory(provider, msg);
                break;
            case DomainTypes.Dictionary:
                break; // an NI provider may publish its dictionary; consumers of the hub load theirs from files
            default:
                OnItem(provider, msg, encoded);
                break;
        }
    }

    public void OnLost(Peer provider) => publisher.OnSourceLost(provider);

    private void OnLogin(Peer provider, scoped in Msg msg)
    {
        if (msg.MsgClass == MsgClass.Close)
        {
            provider.RequestClose("logged out");
            return;
        }
        if (msg.MsgClass != MsgClass.Request)
            return;
        var request = new LoginRequest();
        if (request.Decode(msg) != CodecReturnCode.Success)
        {
            provider.RequestClose("its login request does not decode");
            return;
        }
        if (request.Attributes.Role != LoginRoles.Provider)
        {
            hub.SendStatus(provider, DomainTypes.Login, msg.StreamId, StreamStates.Closed, DataStates.Suspect, StateCodes.NotEntitled,
                $"This is the non-interactive provider port; consumers connect to port {hub.Options.ConsumerPort}");
            provider.RequestClose("a login without the provider role on the NI provider port");
            return;
        }
        var refresh = new LoginRefresh { StreamId = msg.StreamId, UserName = request.UserName, UserNameType = request.UserNameType };
        refresh.Attributes.Role = LoginRoles.Provider;
        hub.Send(provider, (ref RwfEncoder e) => refresh.Encode(ref e));
        provider.LoggedIn = true;
        provider.LoginStreamId = msg.StreamId;
        hub.Log($"PerfHub: non-interactive provider {provider.Name} logged in as {request.UserName}.");
    }

    private void OnDirectory(Peer provider, scoped in Msg msg)
    {
        var changed = new List<Service>();
        if (msg.MsgClass == MsgClass.Refresh)
        {
            var refresh = new DirectoryRefresh();
            if (refresh.Decode(msg) != CodecReturnCode.Success)
            {
                provider.RequestClose("its source directory refresh does not decode");
                return;
            }
            hub.PublishDirectory(provider, refresh, changed);
        }
        else if (msg.MsgClass == MsgClass.Update)
        {
            var update = new DirectoryUpdate();
            if (update.Decode(msg) != CodecReturnCode.Success)
            {
                provider.RequestClose("its source directory update does not decode");
                return;
            }
            hub.UpdateDirectory(provider, update, changed);
        }
        hub.AnnounceServices(changed);
    }

    private void OnItem(Peer provider, scoped in Msg msg, ReadOnlySpan<byte> encoded)
    {
        if (msg.MsgClass == MsgClass.Refresh)
        {
            if (!provider.Published.TryGetValue(msg.StreamId, out CachedItem? item))
            {
                if (!msg.Key.HasName || !msg.Key.HasServiceId)
                {
                    provider.RequestClose($"its refresh on stream {msg.StreamId} has no service id and name");
                    return;
                }
                item = hub.Cache.GetOrAdd(msg.Key.ServiceId, msg.DomainType, msg.Key.Name, msg.Key.HasNameType ? msg.Key.NameType : (byte)1);
                // Several NI providers may publish the same item (NIProvPerf's common items): each is a source of the one
                // cached image, and each one's updates are applied to it and fanned out.
                item.AddSource(provider, msg.StreamId);
                provider.Published[msg.StreamId] = item;
            }
            publisher.OnRefresh(provider, item, msg);
            return;
        }
        if (!provider.Published.TryGetValue(msg.StreamId, out CachedItem? known))
            return; // nothing published on that stream yet: an ADH drops it too
        switch (msg.MsgClass)
        {
            case MsgClass.Update:
                publisher.OnUpdate(known, msg, encoded);
                break;
            case MsgClass.Status:
                publisher.OnStatus(provider, known, msg, encoded);
                break;
            case MsgClass.Generic:
                publisher.OnGeneric(known, encoded);
                break;
        }
    }
}
