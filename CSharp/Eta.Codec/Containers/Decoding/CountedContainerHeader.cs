namespace Eta.Codec;

/// <summary>
/// The common tail of map, vector and series headers:
/// <c>[setDefs(u15rb len)] [summary(u15rb len)] [totalCountHint(u30rb)] count(2)</c>.
/// </summary>
internal ref struct CountedContainerHeader
{
    private readonly bool _hasSetDefs;
    private readonly bool _hasSummary;
    private readonly bool _hasTotalCountHint;

    public CountedContainerHeader(bool hasSetDefs, bool hasSummary, bool hasTotalCountHint)
    {
        _hasSetDefs = hasSetDefs;
        _hasSummary = hasSummary;
        _hasTotalCountHint = hasTotalCountHint;
    }

    public ReadOnlySpan<byte> SetDefs;
    public ReadOnlySpan<byte> Summary;
    public int TotalCountHint;
    public int Count;

    public CodecReturnCode Read(scoped ref RwfReader reader)
    {
        if (_hasSetDefs && reader.ReadBuffer15(out SetDefs) != CodecReturnCode.SUCCESS)
            return CodecReturnCode.INCOMPLETE_DATA;
        if (_hasSummary && reader.ReadBuffer15(out Summary) != CodecReturnCode.SUCCESS)
            return CodecReturnCode.INCOMPLETE_DATA;
        if (_hasTotalCountHint && reader.ReadU30rb(out TotalCountHint) != CodecReturnCode.SUCCESS)
            return CodecReturnCode.INCOMPLETE_DATA;
        if (reader.ReadUInt16(out ushort count) != CodecReturnCode.SUCCESS)
            return CodecReturnCode.INCOMPLETE_DATA;
        Count = count;
        return CodecReturnCode.SUCCESS;
    }
}
