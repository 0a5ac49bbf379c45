namespace Eta.Codec;

/// <summary>
/// The framing shared by field and element set definition databases:
/// <c>flags(1) setCount(1) { setId(u15rb) entryCount(1) entries... }*</c>.
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

    /// <summary>Reads one set's id and entry count; <paramref name="counts"/> tells which ids are taken (-1 = free).</summary>
    public static CodecReturnCode ReadSetHeader(scoped ref RwfReader reader, ReadOnlySpan<int> counts, out int setId, out int entryCount)
    {
        entryCount = 0;
        if (reader.ReadU15rb(out setId) != CodecReturnCode.SUCCESS || reader.ReadByte(out byte count) != CodecReturnCode.SUCCESS)
            return CodecReturnCode.INCOMPLETE_DATA;
        entryCount = count;
        if (setId > MaxLocalId)
            return CodecReturnCode.ILLEGAL_LOCAL_SET_DEF;
        return counts[setId] >= 0 ? CodecReturnCode.DUPLICATE_LOCAL_SET_DEFS : CodecReturnCode.SUCCESS;
    }

    /// <summary>Writes flags and a placeholder set count; returns the count's offset.</summary>
    public static CodecReturnCode WriteHeader(ref RwfWriter writer, out int countOffset)
    {
        countOffset = writer.Position + 1;
        CodecReturnCode rc = writer.WriteByte(0);
        return rc == CodecReturnCode.SUCCESS ? writer.WriteByte(0) : rc;
    }

    public static CodecReturnCode WriteSetHeader(ref RwfWriter writer, int setId, int entryCount)
    {
        CodecReturnCode rc = writer.WriteU15rb(setId);
        return rc == CodecReturnCode.SUCCESS ? writer.WriteByte((byte)entryCount) : rc;
    }
}
