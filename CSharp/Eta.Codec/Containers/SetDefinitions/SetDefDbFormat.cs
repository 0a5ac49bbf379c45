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
        if (reader.Skip(1) != CodecReturnCode.SUCCESS || reader.ReadByte(out byte count) != CodecReturnCode.SUCCESS)
            return CodecReturnCode.INCOMPLETE_DATA;
        setCount = count;
        if (count == 0)
            return CodecReturnCode.SET_DEF_DB_EMPTY;
        return count > MaxLocalId + 1 ? CodecReturnCode.TOO_MANY_LOCAL_SET_DEFS : CodecReturnCode.SUCCESS;
    }

    /// <summary>Reads one set's id and entry count; an id already defined in <paramref name="decoded"/> is a duplicate.</summary>
    public static CodecReturnCode ReadSetHeader<TEntry>(scoped ref RwfReader reader, SetDefTable<TEntry> decoded,
        out int setId, out int entryCount) where TEntry : struct
    {
        entryCount = 0;
        if (reader.ReadU15rb(out setId) != CodecReturnCode.SUCCESS || reader.ReadByte(out byte count) != CodecReturnCode.SUCCESS)
            return CodecReturnCode.INCOMPLETE_DATA;
        entryCount = count;
        if (setId > MaxLocalId)
            return CodecReturnCode.ILLEGAL_LOCAL_SET_DEF;
        return decoded.IsDefined(setId) ? CodecReturnCode.DUPLICATE_LOCAL_SET_DEFS : CodecReturnCode.SUCCESS;
    }
}
