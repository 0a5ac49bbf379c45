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
        bool complete = (msg.RefreshFlags & RefreshMsgFlags.RefreshComplete) != 0;
        if (msg.ContainerType is not (DataTypes.FieldList or DataTypes.NoData))
        {
            if (!CachePayload(source, item, msg, complete))
                return;
        }
        else
        {
            if (!item.RefreshInProgress || (msg.RefreshFlags & RefreshMsgFlags.ClearCache) != 0)
                item.Record.Clear();
            item.UseFieldListImage();
            if (item.Record.Apply(msg.EncodedDataBody) != CodecReturnCode.Success)
            {
                source.RequestClose($"the refresh of {item.Name} does not decode as a field list");
                return;
            }
        }
        item.RefreshInProgress = !complete;
        if (!complete)
            return;
        item.IsStale = msg.State.DataState != DataStates.Ok;
        hub.Cache.SetHasImage(item, true);
        for (int i = item.SubscriberCount - 1; i >= 0; i--)
            hub.SendImage(item.Subscriber(i), solicited: !item.Subscriber(i).HasImage);
    }

    // Another container type: a single-part refresh's payload is the image as received; a multi-part one is not
    // cached (its parts cannot be joined without merging the container's entries), which is logged.
    private bool CachePayload(Peer source, CachedItem item, scoped in Msg msg, bool complete)
    {
        if (!complete || item.RefreshInProgress)
        {
            if (!item.RefreshInProgress)
                hub.Log($"PerfHub: {source.Name} sent a multi-part refresh of {item.Name} with a {DataTypes.Name(msg.ContainerType) ?? msg.ContainerType.ToString()} payload; only single-part images of that type are cached, so it is not.");
            item.RefreshInProgress = !complete;
            return false;
        }
        item.SetPayloadImage(msg.ContainerType, msg.EncodedDataBody);
        return true;
    }

    public void OnUpdate(CachedItem item, scoped in Msg msg, ReadOnlySpan<byte> encoded)
    {
        hub.Counters.UpdatesIn++;
        item.UpdatesApplied++;
        hub.FanOut.Forward(item, encoded);
        // Kept to be merged later, or dropped when the item's next update supersedes it (Cache/DeferredUpdates).
        if (msg.ContainerType == DataTypes.FieldList && !item.PayloadIsImage && !hub.Cache.Deferred.Defer(item, msg.EncodedDataBody)
            && item.Record.ApplyUpdate(msg.EncodedDataBody) != CodecReturnCode.Success)
            hub.Counters.UndecodableMessages++;
    }

    public void OnGeneric(CachedItem item, ReadOnlySpan<byte> encoded)
    {
        hub.Counters.GenericMsgsIn++;
        hub.FanOut.Forward(item, encoded);
    }

    public void OnStatus(Peer source, CachedItem item, scoped in Msg msg, ReadOnlySpan<byte> encoded)
    {
        bool hasState = (msg.StatusFlags & StatusMsgFlags.HasState) != 0;
        bool closed = hasState && (msg.State.StreamState is StreamStates.Closed or StreamStates.ClosedRecover);
        if (closed && !Detach(source, msg.StreamId, item))
            return; // one of several providers stopped publishing the item; the others still do
        hub.FanOut.Forward(item, encoded, includeWaiting: true);
        if (!hasState)
            return;
        if (msg.State.DataState == DataStates.Suspect)
            item.IsStale = true;
        if (closed)
        {
            for (int i = item.SubscriberCount - 1; i >= 0; i--)
                hub.Unsubscribe(item.Subscriber(i));
            hub.Cache.SetHasImage(item, false);
        }
    }

    /// <summary>The source's channel is gone: its items go stale, their consumers hear it, its services go Down.</summary>
    public void OnSourceLost(Peer source)
    {
        foreach (CachedItem item in source.Published.Values)
        {
            if (!item.RemoveSource(source))
                continue; // another NI provider still publishes it: the image stays good
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

    // The source closed its stream of the item; true when no other source publishes it.
    private static bool Detach(Peer source, int streamId, CachedItem item)
    {
        source.Published.Remove(streamId);
        return item.RemoveSource(source);
    }
}
