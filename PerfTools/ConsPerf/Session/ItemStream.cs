using PerfTools.Common.Items;

namespace PerfTools.ConsPerf.Session;

/// <summary>One requested item: its stream, its pre-encoded name, and where it stands.</summary>
internal sealed class ItemStream
{
    public ItemStream(int streamId, ItemSpec spec, bool snapshot)
    {
        StreamId = streamId;
        Spec = spec;
        Snapshot = snapshot;
        Name = spec.NameBytes();
    }

    public int StreamId { get; }

    public ItemSpec Spec { get; }

    /// <summary>Requested without the streaming flag (-snapshot or the item's snapshot attribute).</summary>
    public bool Snapshot { get; }

    /// <summary>The item name in UTF-8, encoded once so requests allocate nothing.</summary>
    public byte[] Name { get; }

    public bool Requested { get; set; }

    /// <summary>The first complete Open/Ok (or snapshot) refresh has arrived.</summary>
    public bool HasImage { get; set; }

    /// <summary>Round-robin position over the post templates (§9.1).</summary>
    public int PostCursor;

    /// <summary>Round-robin position over the generic message templates.</summary>
    public int GenMsgCursor;
}
