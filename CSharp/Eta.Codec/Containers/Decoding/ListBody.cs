namespace Eta.Codec;

/// <summary>
/// The part of field and element lists after their info: both use the same flag bits for it.
/// <code>
/// [setId(u15rb), HasSetId] [setData, HasSetData: u15rb-length-prefixed when standard data follows,
/// else to the end] [count(2) entries, HasStandardData]
/// </code>
/// The list decoders keep one and expose its parts as their own properties.
/// </summary>
internal readonly ref struct ListBody
{
    private const byte HasSetData = 0x02;
    private const byte HasSetId = 0x04;
    private const byte HasStandardData = 0x08;

    public int SetId { get; private init; }
    public ReadOnlySpan<byte> SetData { get; private init; }
    public int StandardCount { get; private init; }
    public ReadOnlySpan<byte> StandardEntries { get; private init; }

    /// <summary>Reads the body; on failure <paramref name="body"/> is empty (no half-read parts).</summary>
    public static CodecReturnCode Read(scoped ref RwfReader reader, byte flags, out ListBody body)
    {
        body = default;
        bool hasStandard = (flags & HasStandardData) != 0;
        int setId = 0;
        ReadOnlySpan<byte> setData = default, standardEntries = default;
        ushort count = 0;
        if ((flags & HasSetData) != 0)
        {
            if ((flags & HasSetId) != 0 && reader.ReadU15rb(out setId) != CodecReturnCode.Success)
                return CodecReturnCode.IncompleteData;
            if (!hasStandard)
                setData = reader.ReadToEnd();
            else if (reader.ReadBuffer15(out setData) != CodecReturnCode.Success)
                return CodecReturnCode.IncompleteData;
        }
        if (hasStandard)
        {
            if (reader.ReadUInt16(out count) != CodecReturnCode.Success)
                return CodecReturnCode.IncompleteData;
            standardEntries = reader.ReadToEnd();
        }
        body = new ListBody { SetId = setId, SetData = setData, StandardCount = count, StandardEntries = standardEntries };
        return CodecReturnCode.Success;
    }
}
