using System.Buffers;
using Eta.Codec.Rdm;

namespace Eta.Codec;

/// <summary>
/// Encodes the field definitions of a <see cref="DataDictionary"/> as the payload of dictionary refreshes:
/// a series of element lists, one per field, in ascending fid order.
/// <code>
/// Series (ElementList)   set definitions (see <see cref="FieldSetDefinitions"/>) unless INFO;
///                         first part only: total count hint = number of fields, summary data (Type=1 ...)
///   entry: set 0 data: NAME FID RIPPLETO TYPE LENGTH RWFTYPE RWFLEN [ENUMLENGTH LONGNAME at NORMAL and above]
/// </code>
/// When the buffer fills, the part ends after the last whole field and the caller's current fid says where the
/// next part starts, so a large dictionary goes out as several refreshes each fitting one transport buffer.
/// Entries are set-defined element lists, as LSEG providers send them.
/// </summary>
internal static class FieldDictionaryEncoder
{
    private const string Source = "field dictionary encoder";

    public static CodecReturnCode Encode(DataDictionary dictionary, ref RwfEncoder encoder, ref int currentFid,
        DictionaryVerbosity verbosity, out DictionaryError? error)
    {
        error = null;
        bool firstPart = currentFid <= dictionary.MinFid;
        CodecReturnCode rc = DictionarySeries.Begin(ref encoder, dictionary.Tags, DictionaryTypes.FieldDefinitions,
            withSummary: firstPart, totalCountHint: firstPart ? dictionary.NumberOfEntries : 0,
            verbosity > DictionaryVerbosity.Info ? FieldSetDefinitions.For(verbosity) : default);
        if (rc != CodecReturnCode.Success)
            return EncodeFailure.Report(Source, rc, "the series header and summary data", out error);

        int fid = Math.Max(currentFid, dictionary.MinFid);
        int written = 0;
        if (verbosity > DictionaryVerbosity.Info)
        {
            for (; fid <= dictionary.MaxFid; fid++)
            {
                var entry = dictionary.Entry(fid);
                if (entry is null)
                    continue;
                rc = EncodeEntry(ref encoder, entry, verbosity);
                if (rc == CodecReturnCode.BufferTooSmall && written > 0)
                    break;
                if (rc != CodecReturnCode.Success)
                {
                    encoder.SeriesComplete(false);
                    return EncodeFailure.Report(Source, rc, $"field {entry.Acronym} ({fid})", out error);
                }
                written++;
            }
        }
        else
        {
            fid = dictionary.MaxFid + 1;
        }

        rc = encoder.SeriesComplete(true);
        if (rc != CodecReturnCode.Success)
            return EncodeFailure.Report(Source, rc, "the series", out error);
        currentFid = fid;
        return fid > dictionary.MaxFid ? CodecReturnCode.Success : CodecReturnCode.DictPartEncoded;
    }

    // One series entry (set-defined data only); on failure nothing of it remains in the buffer.
    private static CodecReturnCode EncodeEntry(ref RwfEncoder encoder, DictionaryEntry entry, DictionaryVerbosity verbosity)
    {
        const int StackLimit = 512;
        int maxSize = FieldSetDefinitions.MaxSetDataSize(entry);
        byte[]? rented = null;
        Span<byte> scratch = maxSize <= StackLimit
            ? stackalloc byte[StackLimit]
            : (rented = ArrayPool<byte>.Shared.Rent(maxSize));
        var setData = new RwfWriter(scratch);
        CodecReturnCode rc = FieldSetDefinitions.Write(ref setData, entry, includeNormal: verbosity >= DictionaryVerbosity.Normal);
        if (rc == CodecReturnCode.Success)
        {
            rc = DictionarySeries.OpenEntry(ref encoder, setData.Position + 4, setData.Written);
            if (rc == CodecReturnCode.Success)
                rc = DictionarySeries.CloseEntry(ref encoder, CodecReturnCode.Success);
        }
        if (rented is not null)
            ArrayPool<byte>.Shared.Return(rented);
        return rc;
    }
}
