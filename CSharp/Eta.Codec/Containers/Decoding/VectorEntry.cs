namespace Eta.Codec;

/// <summary>One decoded vector entry: a view over the received bytes.</summary>
public readonly ref struct VectorEntry
{
    public VectorEntry(int index, VectorEntryActions action, VectorEntryFlags flags, ReadOnlySpan<byte> permData,
        ReadOnlySpan<byte> encodedData)
    {
        Index = index;
        Action = action;
        Flags = flags;
        PermData = permData;
        EncodedData = encodedData;
    }

    public int Index { get; }

    public VectorEntryActions Action { get; }

    public VectorEntryFlags Flags { get; }

    public ReadOnlySpan<byte> PermData { get; }

    /// <summary>The entry's container (empty for Clear and Delete).</summary>
    public ReadOnlySpan<byte> EncodedData { get; }
}
