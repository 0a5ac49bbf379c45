using Eta.Codec.Rdm;

namespace Eta.Codec;

/// <summary>
/// The series framing both dictionary encoders share: a series of element lists, optionally opened by the total
/// count hint and summary data, whose entries are each written whole or not at all.
/// </summary>
internal static class DictionarySeries
{
    /// <summary>
    /// Opens the series, with set definitions when <paramref name="encodedSetDefs"/> is not empty; on failure nothing
    /// is left in the buffer.
    /// </summary>
    public static CodecReturnCode Begin(ref RwfEncoder encoder, DictionaryTags tags, ulong type,
        bool withSummary, int totalCountHint, ReadOnlySpan<byte> encodedSetDefs = default)
    {
        var header = new SeriesHeader { ContainerType = DataTypes.ElementList, EncodedSetDefs = encodedSetDefs };
        if (!encodedSetDefs.IsEmpty)
            header.Flags |= SeriesFlags.HasSetDefs;
        if (withSummary)
            header.Flags |= SeriesFlags.HasSummaryData;
        if (totalCountHint > 0)
        {
            header.Flags |= SeriesFlags.HasTotalCountHint;
            header.TotalCountHint = totalCountHint;
        }
        CodecReturnCode rc = encoder.SeriesInit(header);
        if (rc != CodecReturnCode.Success || !withSummary)
            return rc;
        rc = DictionarySummaryData.Encode(ref encoder, tags, type);
        if (rc != CodecReturnCode.Success)
            encoder.SeriesComplete(false);
        return rc;
    }

    /// <summary>
    /// Opens a series entry holding an element list: standard entries follow, or, when <paramref name="setData"/> is
    /// given, the list is the set-defined data of set 0 alone.
    /// </summary>
    public static CodecReturnCode OpenEntry(ref RwfEncoder encoder, int sizeHint, scoped ReadOnlySpan<byte> setData = default)
    {
        CodecReturnCode rc = encoder.SeriesEntryInit(sizeHint);
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = setData.IsEmpty ? encoder.ElementListInit() : encoder.ElementListInit(0, setData, hasStandardData: false);
        if (rc != CodecReturnCode.Success)
            encoder.SeriesEntryComplete(false);
        return rc;
    }

    /// <summary>
    /// Completes the entry opened by <see cref="OpenEntry"/> when its elements were all written
    /// (<paramref name="elementsResult"/> Success), otherwise removes it; returns the entry's outcome.
    /// </summary>
    public static CodecReturnCode CloseEntry(ref RwfEncoder encoder, CodecReturnCode elementsResult)
    {
        CodecReturnCode rc = elementsResult;
        if (rc == CodecReturnCode.Success)
            rc = encoder.ElementListComplete(true);
        else
            encoder.ElementListComplete(false);
        if (rc == CodecReturnCode.Success)
            return encoder.SeriesEntryComplete(true);
        encoder.SeriesEntryComplete(false);
        return rc;
    }
}
