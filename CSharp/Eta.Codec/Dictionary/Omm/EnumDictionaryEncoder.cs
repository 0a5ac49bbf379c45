using Eta.Codec.Rdm;

namespace Eta.Codec;

/// <summary>
/// Encodes the enum tables of a <see cref="DataDictionary"/> as the payload of dictionary refreshes:
/// a series of element lists, one per table, each part starting with the summary data (Type=2 ...).
/// <code>
/// entry: FIDS    Array of Int (2-byte items)   fields using the table
///        VALUE   Array of Enum                 values, ascending
///        DISPLAY Array of AsciiString         (Utf8String / RmtesString when a display needs it)
/// </code>
/// MEANING is not sent at any verbosity, as LSEG providers do not send it either: the meanings of one large table
/// (e.g. exchanges) exceed the 64 KB an element entry can hold.
/// When the buffer fills, the part ends after the last whole table and the caller's current table index says
/// where the next part starts.
/// </summary>
internal static class EnumDictionaryEncoder
{
    private const string Source = "enum dictionary encoder";

    public static CodecReturnCode Encode(DataDictionary dictionary, ref RwfEncoder encoder, ref int currentTable,
        DictionaryVerbosity verbosity, out DictionaryError? error)
    {
        error = null;
        CodecReturnCode rc = DictionarySeries.Begin(ref encoder, dictionary.Tags, DictionaryTypes.EnumTables,
            withSummary: true, totalCountHint: 0);
        if (rc != CodecReturnCode.Success)
            return EncodeFailure.Report(Source, rc, "the series header and summary data", out error);

        var tables = dictionary.EnumTables;
        int index = Math.Max(currentTable, 0);
        int written = 0;
        if (verbosity > DictionaryVerbosity.Info)
        {
            for (; index < tables.Count; index++)
            {
                rc = EncodeTable(ref encoder, tables[index]);
                if (rc == CodecReturnCode.BufferTooSmall && written > 0)
                    break;
                if (rc != CodecReturnCode.Success)
                {
                    encoder.SeriesComplete(false);
                    return EncodeFailure.Report(Source, rc, $"enum table {index}", out error);
                }
                written++;
            }
        }
        else
        {
            index = tables.Count;
        }

        rc = encoder.SeriesComplete(true);
        if (rc != CodecReturnCode.Success)
            return EncodeFailure.Report(Source, rc, "the series", out error);
        currentTable = index;
        return index >= tables.Count ? CodecReturnCode.Success : CodecReturnCode.DictPartEncoded;
    }

    // One series entry; on failure nothing of it remains in the buffer.
    private static CodecReturnCode EncodeTable(ref RwfEncoder encoder, EnumTypeTable table)
    {
        CodecReturnCode rc = DictionarySeries.OpenEntry(ref encoder, sizeHint: 0);
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = EncodeFids(ref encoder, table);
        if (rc == CodecReturnCode.Success)
            rc = EncodeValues(ref encoder, table);
        if (rc == CodecReturnCode.Success)
            rc = EncodeDisplays(ref encoder, table);
        return DictionarySeries.CloseEntry(ref encoder, rc);
    }

    private static CodecReturnCode EncodeFids(ref RwfEncoder encoder, EnumTypeTable table)
    {
        CodecReturnCode rc = OpenArray(ref encoder, DictionaryElementNames.Fids, DataTypes.Int, itemLength: 2);
        foreach (short fid in table.FidReferences)
        {
            if (rc != CodecReturnCode.Success)
                break;
            rc = encoder.ArrayEntry(new Int(fid));
        }
        return CloseArray(ref encoder, rc);
    }

    private static CodecReturnCode EncodeValues(ref RwfEncoder encoder, EnumTypeTable table)
    {
        CodecReturnCode rc = OpenArray(ref encoder, DictionaryElementNames.Value, DataTypes.Enum, itemLength: 0);
        foreach (var row in table.Rows)
        {
            if (rc != CodecReturnCode.Success)
                break;
            rc = encoder.ArrayEntry(new RwfEnum(row.Value));
        }
        return CloseArray(ref encoder, rc);
    }

    private static CodecReturnCode EncodeDisplays(ref RwfEncoder encoder, EnumTypeTable table)
    {
        CodecReturnCode rc = OpenArray(ref encoder, DictionaryElementNames.Display, DisplayType(table), itemLength: 0);
        foreach (var row in table.Rows)
        {
            if (rc != CodecReturnCode.Success)
                break;
            rc = encoder.ArrayEntry(row.Display);
        }
        return CloseArray(ref encoder, rc);
    }

    private static CodecReturnCode OpenArray(ref RwfEncoder encoder, ReadOnlySpan<byte> name, int itemType, int itemLength)
    {
        CodecReturnCode rc = encoder.ElementEntryInit(name, DataTypes.Array);
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = encoder.ArrayInit(itemType, itemLength);
        if (rc != CodecReturnCode.Success)
            encoder.ElementEntryComplete(false);
        return rc;
    }

    // Completes (or, after a failed item, removes) the array and its element entry.
    private static CodecReturnCode CloseArray(ref RwfEncoder encoder, CodecReturnCode itemsResult)
    {
        if (itemsResult != CodecReturnCode.Success)
        {
            if (encoder.ArrayComplete(false) == CodecReturnCode.Success)
                encoder.ElementEntryComplete(false);
            return itemsResult;
        }
        CodecReturnCode rc = encoder.ArrayComplete(true);
        return rc == CodecReturnCode.Success ? encoder.ElementEntryComplete(true) : rc;
    }

    /// <summary>ASCII when every display byte is 7-bit, UTF-8 when the bytes are valid UTF-8, RMTES otherwise.</summary>
    private static int DisplayType(EnumTypeTable table)
    {
        int type = DataTypes.AsciiString;
        foreach (var row in table.Rows)
        {
            if (System.Text.Ascii.IsValid(row.Display))
                continue;
            if (!System.Text.Unicode.Utf8.IsValid(row.Display))
                return DataTypes.RmtesString;
            type = DataTypes.Utf8String;
        }
        return type;
    }
}
