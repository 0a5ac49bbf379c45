namespace Eta.Codec;

/// <summary>One decoded map entry: a view over the received bytes.</summary>
public readonly ref struct MapEntry
{
    public MapEntry(MapEntryActions action, MapEntryFlags flags, ReadOnlySpan<byte> permData,
        ReadOnlySpan<byte> encodedKey, ReadOnlySpan<byte> encodedData)
    {
        Action = action;
        Flags = flags;
        PermData = permData;
        EncodedKey = encodedKey;
        EncodedData = encodedData;
    }

    public MapEntryActions Action { get; }

    public MapEntryFlags Flags { get; }

    public ReadOnlySpan<byte> PermData { get; }

    /// <summary>The key's value bytes: decode with the primitive of the map's key type.</summary>
    public ReadOnlySpan<byte> EncodedKey { get; }

    /// <summary>The entry's container (empty for Delete).</summary>
    public ReadOnlySpan<byte> EncodedData { get; }

    /// <summary>Decodes the key as <typeparamref name="TKey"/>.</summary>
    public CodecReturnCode DecodeKey<TKey>(out TKey key) where TKey : struct, IPrimitive<TKey> =>
        TKey.Decode(EncodedKey, out key);
}
