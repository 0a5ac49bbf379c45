namespace Eta.Codec;

/// <summary>One decoded filter list entry: a view over the received bytes.</summary>
public readonly ref struct FilterEntry
{
    public FilterEntry(byte id, FilterEntryActions action, FilterEntryFlags flags, int containerType,
        ReadOnlySpan<byte> permData, ReadOnlySpan<byte> encodedData)
    {
        Id = id;
        Action = action;
        Flags = flags;
        ContainerType = containerType;
        PermData = permData;
        EncodedData = encodedData;
    }

    public byte Id { get; }

    public FilterEntryActions Action { get; }

    public FilterEntryFlags Flags { get; }

    /// <summary>The entry's own container type, or the list's when the entry does not override it.</summary>
    public int ContainerType { get; }

    public ReadOnlySpan<byte> PermData { get; }

    /// <summary>The entry's container (empty for Clear and NoData).</summary>
    public ReadOnlySpan<byte> EncodedData { get; }
}
