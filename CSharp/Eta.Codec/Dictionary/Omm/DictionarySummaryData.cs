using Eta.Codec.Rdm;

namespace Eta.Codec;

/// <summary>
/// The summary data (an element list) that opens the first part of an encoded dictionary:
/// <code>
/// field dictionary:  Type=1 (UInt)  DictionaryId (Int)  Version (ASCII)
/// enum tables:       Type=2 (UInt)  DictionaryId (Int)  RT_Version  DT_Version  Version (=DT_Version) (ASCII)
/// </code>
/// LSEG's encoder declares Type as INT, but every decoder (LSEG's and <see cref="Rdm.DictionaryRefresh"/>) reads it
/// as UInt, and for these small values both forms are the same byte; UInt is the type all of them accept.
/// </summary>
internal static class DictionarySummaryData
{
    /// <summary>
    /// Encodes the summary in place; the series must have been opened with HasSummaryData. On failure the caller
    /// completes the series with <c>success: false</c>.
    /// </summary>
    public static CodecReturnCode Encode(ref RwfEncoder encoder, DictionaryTags tags, ulong type)
    {
        CodecReturnCode rc = encoder.ElementListInit();
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = encoder.ElementEntry(ElementNames.Type, new UInt(type));
        if (rc == CodecReturnCode.Success)
            rc = encoder.ElementEntry(ElementNames.DictionaryId, new Int(tags.DictionaryId));
        if (type == DictionaryTypes.FieldDefinitions)
        {
            if (rc == CodecReturnCode.Success)
                rc = WriteText(ref encoder, ElementNames.Version, tags.FieldVersion);
        }
        else
        {
            if (rc == CodecReturnCode.Success)
                rc = WriteText(ref encoder, DictionaryElementNames.RtVersion, tags.EnumRtVersion);
            if (rc == CodecReturnCode.Success)
                rc = WriteText(ref encoder, DictionaryElementNames.DtVersion, tags.EnumDtVersion);
            if (rc == CodecReturnCode.Success)
                rc = WriteText(ref encoder, ElementNames.Version, tags.EnumDtVersion);
        }
        if (rc != CodecReturnCode.Success)
        {
            encoder.ElementListComplete(false);
            return rc;
        }
        rc = encoder.ElementListComplete(true);
        return rc == CodecReturnCode.Success ? encoder.SeriesSummaryDataComplete(true) : rc;
    }

    /// <summary>Writes an AsciiString element from text (one byte per char) without allocating.</summary>
    internal static CodecReturnCode WriteText(ref RwfEncoder encoder, ReadOnlySpan<byte> name, string text)
    {
        Span<byte> scratch = stackalloc byte[256];
        using var bytes = new Latin1Bytes(text, scratch);
        return encoder.ElementEntry(name, DataTypes.AsciiString, bytes.Bytes);
    }
}
