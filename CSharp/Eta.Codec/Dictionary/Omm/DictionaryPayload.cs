using Eta.Codec.Rdm;
using System.Text;

namespace Eta.Codec;

/// <summary>What a dictionary decoder does with each series entry of a received payload.</summary>
internal interface IDictionaryEntryReader
{
    /// <summary>Reads one entry's element list; returns what is wrong with it, or null.</summary>
    string? ReadEntry(ref ElementListDecoder elements);
}

/// <summary>
/// Opens the series of a received dictionary refresh: checks it holds element lists, applies the summary data
/// (Type, DictionaryId, versions) to the dictionary's tags, and loads the series' set definitions so set-defined
/// entries (as LSEG providers send them) decode.
/// </summary>
internal static class DictionaryPayload
{
    /// <summary>
    /// Applies the summary of <paramref name="payload"/> and hands each series entry to <paramref name="reader"/>;
    /// errors are located by series entry number and attributed to <paramref name="source"/>.
    /// </summary>
    public static DictionaryError? ReadAll(ReadOnlySpan<byte> payload, ulong kind, DataDictionary dictionary,
        string source, IDictionaryEntryReader reader)
    {
        string? problem = Open(payload, kind, dictionary, out var series, out var setDefinitions);
        if (problem is not null)
            return new DictionaryError(source, 0, problem);

        int index = 0;
        CodecReturnCode rc;
        while ((rc = series.Next(out var encodedEntry)) == CodecReturnCode.Success)
        {
            index++;
            var elementsRc = ElementListDecoder.Decode(encodedEntry, out var elements, setDefinitions);
            if (elementsRc != CodecReturnCode.Success)
            {
                return new DictionaryError(source, 0, $"series entry {index}: element list cannot be decoded: {elementsRc}")
                    { Code = elementsRc < 0 ? elementsRc : CodecReturnCode.Failure };
            }
            problem = reader.ReadEntry(ref elements);
            if (problem is not null)
                return new DictionaryError(source, 0, $"series entry {index}: {problem}");
        }
        // A truncated payload reports INCOMPLETE_DATA, as LSEG's decoder does.
        return rc == CodecReturnCode.EndOfContainer ? null
            : new DictionaryError(source, 0, $"series entry {index + 1} cannot be decoded: {rc}")
            { Code = rc < 0 ? rc : CodecReturnCode.Failure };
    }

    /// <summary>
    /// Opens the series and applies its summary. <paramref name="setDefinitions"/> is null unless the series carries
    /// set definitions (then it is the dictionary's reusable set definition database).
    /// </summary>
    private static string? Open(ReadOnlySpan<byte> payload, ulong kind, DataDictionary dictionary,
        out SeriesDecoder series, out LocalElementSetDefDb? setDefinitions)
    {
        var tags = dictionary.Tags;
        string? problem = OpenSeries(payload, dictionary.SetDefinitionScratch, out series, out setDefinitions);
        if (problem is not null || !series.Flags.HasFlag(SeriesFlags.HasSummaryData))
            return problem;

        var rc = ElementListDecoder.Decode(series.EncodedSummaryData, out var summary);
        if (rc < 0)
            return $"summary data cannot be decoded: {rc}";
        while ((rc = summary.Next(out var element)) == CodecReturnCode.Success)
        {
            problem = ApplySummaryElement(element, kind, tags);
            if (problem is not null)
                return problem;
        }
        return rc == CodecReturnCode.EndOfContainer ? null : $"summary data cannot be decoded: {rc}";
    }

    /// <summary>The dictionary type named by the summary data's "Type" element.</summary>
    public static string? ReadType(ReadOnlySpan<byte> payload, out ulong type)
    {
        type = default;
        string? problem = OpenSeries(payload, setDefinitionStore: null, out var series, out _);
        if (problem is not null)
            return problem;
        if (!series.Flags.HasFlag(SeriesFlags.HasSummaryData))
            return "no summary data: the dictionary type is only in the first part of a dictionary";
        var rc = ElementListDecoder.Decode(series.EncodedSummaryData, out var summary);
        while (rc >= 0 && (rc = summary.Next(out var element)) == CodecReturnCode.Success)
        {
            if (!element.NameIs(ElementNames.Type))
                continue;
            if (!DictionaryValues.TryInteger(element, 1, int.MaxValue, out long value))
                return "summary \"Type\" is not a positive integer";
            type = (ulong)value;
            return null;
        }
        return rc == CodecReturnCode.EndOfContainer ? "summary data has no \"Type\"" : $"summary data cannot be decoded: {rc}";
    }

    // Decodes the series' set definitions into setDefinitionStore when there are any and a store is given.
    private static string? OpenSeries(ReadOnlySpan<byte> payload, LocalElementSetDefDb? setDefinitionStore,
        out SeriesDecoder series, out LocalElementSetDefDb? setDefinitions)
    {
        setDefinitions = null;
        var rc = SeriesDecoder.Decode(payload, out series);
        if (rc != CodecReturnCode.Success)
            return $"not a series: {rc}";
        if (series.ContainerType != DataTypes.ElementList)
            return $"series holds {DataTypes.Name(series.ContainerType) ?? series.ContainerType.ToString()}, expected ELEMENT_LIST";
        if (setDefinitionStore is null || !series.Flags.HasFlag(SeriesFlags.HasSetDefs))
            return null;
        setDefinitions = setDefinitionStore;
        rc = setDefinitions.Decode(series.EncodedSetDefs);
        return rc == CodecReturnCode.Success ? null : $"set definitions cannot be decoded: {rc}";
    }

    private static string? ApplySummaryElement(in ElementEntry element, ulong kind, DictionaryTags tags)
    {
        if (element.NameIs(ElementNames.Type))
        {
            if (!DictionaryValues.TryInteger(element, out long type))
                return "summary \"Type\" is not an integer";
            return type >= 0 && (ulong)type == kind ? null
                : $"summary Type {type} does not match the expected dictionary type {kind}";
        }
        if (element.NameIs(ElementNames.DictionaryId))
        {
            return DictionaryValues.TryInteger(element, out long id)
                ? tags.ApplyDictionaryId(id)
                : "summary \"DictionaryId\" is not an integer";
        }

        string? tag = kind == DictionaryTypes.FieldDefinitions
            ? (element.NameIs(ElementNames.Version) ? "Version" : null)
            : element.NameIs(DictionaryElementNames.RtVersion) ? "RT_Version"
            : element.NameIs(DictionaryElementNames.DtVersion) ? "DT_Version" : null;
        if (tag is null)
            return null;
        if (!DictionaryValues.IsText(element.DataType))
            return $"summary \"{tag}\" is not a string";
        return tags.Apply(kind, tag, Encoding.Latin1.GetString(element.EncodedData));
    }
}
