namespace Eta.Codec;

/// <summary>
/// The common tail of map, vector and series headers:
/// <c>[setDefs(u15rb len)] [summary(u15rb len)] [totalCountHint(u30rb)] count(2)</c>.
/// The decoders keep one and expose its parts as their own properties.
/// </summary>
internal readonly ref struct CountedContainerHeader
{
    public ReadOnlySpan<byte> SetDefs { get; private init; }
    public ReadOnlySpan<byte> Summary { get; private init; }
    public int TotalCountHint { get; private init; }
    public int Count { get; private init; }

    /// <summary>
    /// Reads the tail; the flags say which optional parts are present. On failure <paramref name="header"/>
    /// is empty, so a decoder whose header did not decode shows no half-read parts.
    /// </summary>
    public static CodecReturnCode Read(scoped ref RwfReader reader, bool hasSetDefs, bool hasSummary,
        bool hasTotalCountHint, out CountedContainerHeader header)
    {
        header = default;
        ReadOnlySpan<byte> setDefs = default, summary = default;
        int totalCountHint = 0;
        if (hasSetDefs && reader.ReadBuffer15(out setDefs) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        if (hasSummary && reader.ReadBuffer15(out summary) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        if (hasTotalCountHint && reader.ReadU30rb(out totalCountHint) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        if (reader.ReadUInt16(out ushort count) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        header = new CountedContainerHeader
        {
            SetDefs = setDefs, Summary = summary, TotalCountHint = totalCountHint, Count = count,
        };
        return CodecReturnCode.Success;
    }
}
