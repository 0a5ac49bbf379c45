using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.PerfHub.Cache;

namespace PerfTools.PerfHub.Routing;

/// <summary>
/// The source half of the hub, the same for NI providers and the upstream provider: a refresh (re)builds the item's
/// image and answers the consumers waiting for it; an update is merged into the image and fanned out; statuses and
/// generic messages are fanned out; a source that goes away leaves its items stale (Open/Suspect) and its services Down.
/// </summary>
internal sealed class ItemPublisher(HubState hub)
{
    private static ReadOnlySpan<byte> SourceGoneText => "The item's provider is not connected"u8;

    public void OnRefresh(Peer source, CachedItem item, scoped in Msg msg)
    {
        hub.Counters.RefreshesIn++;
        if (msg.ContainerType is not (DataTypes.FieldList or DataTypes.NoData))
        {
            hub.Log($"PerfHub: {source.Name} sent a refresh of {item.Name} with a {msg.ContainerType} payload; only field lists are cached.");
            return;
        }
        if (!item.RefreshInProgress || (msg.RefreshFlags & RefreshMsgFlags.ClearCache) != 0)
            item.Record.Clear();
        if (item.Record.Apply(msg.EncodedDataBody) != CodecReturnCode.Success)
        {
            source.RequestClose($"the refresh of {item.Name} does not decode as a field list");
            return;
        }
        bool complete = (msg.RefreshFlags & RefreshMsgFlags.RefreshComplete) != 0;
        item.RefreshInProgress = !complete;
        if (!complete)
            return;
        item.IsStale = msg.State.DataState != DataStates.Ok;
        hub.Cache.SetHasImage(item, true);
        List<Subscription> subscribers = item.Subscribers;
        for (int i = subscribers.Count - 1; i >= 0; i--)
            hub.SendImage(subscribers[i], solicited: !subscribers[i].HasImage);
    }

    public void OnUpdate(CachedItem item, scoped in Msg msg, ReadOnlySpan<byte> encoded)
    {
        hub.Counters.UpdatesIn++;
        if (msg.ContainerType == DataTypes.FieldList && item.Record.Apply(msg.EncodedDataBody) != CodecReturnCode.Success)
            hub.Counters.UndecodableMessages++;
        item.UpdatesApplied++;
        hub.FanOut.Forward(item, encoded);
    }

    public void OnGeneric(CachedItem item, ReadOnlySpan<byte> encoded)
    {
        hub.Counters.GenericMsgsIn++;
        hub.FanOut.Forward(item, encoded);
    }

    public void OnStatus(Peer source, CachedItem item, scoped in Msg msg, ReadOnlySpan<byte> encoded)
    {
        hub.FanOut.Forward(item, encoded, includeWaiting: true);
        if ((msg.StatusFlags & StatusMsgFlags.HasState) == 0)
            return;
        if (msg.State.DataState == DataStates.Suspect)
            item.IsStale = true;
        if (msg.State.StreamState is StreamStates.Closed or StreamStates.ClosedRecover)
        {
            Detach(source, item);
            for (int i = item.Subscribers.Count - 1; i >= 0; i--)
                hub.Unsubscribe(item.Subscribers[i]);
            hub.Cache.SetHasImage(item, false);
        }
    }

    /// <summary>The source's channel is gone: its items go stale, their consumers hear it, its services go Down.</summary>
    public void OnSourceLost(Peer source)
    {
        foreach (CachedItem item in source.Published.Values)
        {
            if (item.Source != source)
                continue;
            item.Source = null;
            item.IsStale = true;
            item.RefreshInProgress = false;
            SendSuspect(item);
        }
        source.Published.Clear();
        hub.AnnounceServices(hub.Directory.Orphan(source));
    }

    private void SendSuspect(CachedItem item)
    {
        Span<byte> scratch = hub.Scratch;
        var encoder = new RwfEncoder(scratch);
        if (HubMessages.EncodeStatus(ref encoder, item.DomainType, 0, StreamStates.Open, DataStates.Suspect,
                StateCodes.None, SourceGoneText) == CodecReturnCode.Success)
            hub.FanOut.Forward(item, scratch[..encoder.Position], includeWaiting: true);
    }

    private static void Detach(Peer source, CachedItem item)
    {
        if (item.Source != source)
            return;
        source.Published.Remove(item.SourceStreamId);
        item.Source = null;
    }
}
