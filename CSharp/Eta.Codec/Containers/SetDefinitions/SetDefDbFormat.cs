namespace Eta.Codec;

/// <summary>
/// The framing shared by field and element set definition databases:
/// <c>flags(1) setCount(1) { setId(u15rb) entryCount(1) entries... }*</c>.
/// Reading is here; <see cref="SetDefDbWriter"/> writes it.
/// </summary>
internal static class SetDefDbFormat
{
    public const int MaxLocalId = 15;

    public static CodecReturnCode ReadHeader(scoped ref RwfReader reader, out int setCount)
    {
        setCount = 0;
        if (reader.Skip(1) != CodecReturnCode.Success || reader.ReadByte(out byte count) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        setCount = count;
        if (count == 0)
            return CodecReturnCode.SetDefDbEmpty;
        return count > MaxLocalId + 1 ? CodecReturnCode.TooManyLocalSetDefs : CodecReturnCode.Success;
    }

    /// <summary>Reads one set's id and entry count; an id already defined in <paramref name="decoded"/> is a duplicate.</summary>
    public static CodecReturnCode ReadSetHeader<TEntry>(scoped ref RwfReader reader, SetDefTable<TEntry> decoded,
        out int setId, out int entryCount) where TEntry : struct
    {
        entryCount = 0;
        if (reader.ReadU15rb(out setId) != CodecReturnCode.Success || reader.ReadByte(out byte count) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        entryCount = count;
        if (setId > MaxLocalId)
            return CodecReturnCode.IllegalLocalSetDef;
        return decoded.IsDefined(setId) ? CodecReturnCode.DuplicateLocalSetDefs : CodecReturnCode.Success;
    }
}
