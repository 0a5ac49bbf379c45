using Eta.Codec.Rdm;
using System.Text;

namespace Eta.Codec;

/// <summary>
/// Adds the enum tables of one received enum dictionary refresh (see <see cref="EnumDictionaryEncoder"/> for the
/// layout) to a <see cref="DataDictionary"/>. Call once per part, in order.
/// </summary>
internal sealed class EnumDictionaryDecoder : IDictionaryEntryReader
{
    private readonly DataDictionary _dictionary;
    private readonly DictionaryVerbosity _verbosity;

    // The arrays of the table being read.
    private readonly List<short> _fids = [];
    private readonly List<ushort> _values = [];
    private readonly List<byte[]> _displays = [];
    private readonly List<string?> _meanings = [];
    private bool _hasValues, _hasDisplays, _hasMeanings;

    private EnumDictionaryDecoder(DataDictionary dictionary, DictionaryVerbosity verbosity) =>
        (_dictionary, _verbosity) = (dictionary, verbosity);

    public static DictionaryError? Decode(DataDictionary dictionary, ReadOnlySpan<byte> payload, DictionaryVerbosity verbosity) =>
        DictionaryPayload.ReadAll(payload, DictionaryTypes.EnumTables, dictionary, "enum dictionary payload",
            new EnumDictionaryDecoder(dictionary, verbosity));

    public string? ReadEntry(ref ElementListDecoder elements)
    {
        _fids.Clear();
        _values.Clear();
        _displays.Clear();
        _meanings.Clear();
        _hasValues = _hasDisplays = _hasMeanings = false;

        CodecReturnCode rc;
        while ((rc = elements.Next(out var element)) == CodecReturnCode.Success)
        {
            string? problem = null;
            if (element.NameIs(DictionaryElementNames.Fids) || element.NameIs(DictionaryElementNames.LegacyFid))
                problem = ReadFids(element, _fids);
            else if (element.NameIs(DictionaryElementNames.Value) || element.NameIs(DictionaryElementNames.LegacyValues))
                problem = Once(ref _hasValues, "VALUE") ?? ReadValues(element, _values);
            else if (element.NameIs(DictionaryElementNames.Display) || element.NameIs(DictionaryElementNames.LegacyDisplays))
                problem = Once(ref _hasDisplays, "DISPLAY") ?? ReadTexts(element, _displays, null);
            else if (_verbosity >= DictionaryVerbosity.Verbose && element.NameIs(DictionaryElementNames.Meaning))
                problem = Once(ref _hasMeanings, "MEANING") ?? ReadTexts(element, null, _meanings);
            if (problem is not null)
                return problem;
        }
        if (rc != CodecReturnCode.EndOfContainer)
            return $"element list cannot be decoded: {rc}";
        if (!_hasValues || !_hasDisplays)
            return "a table needs both VALUE and DISPLAY";
        if (_values.Count != _displays.Count)
            return $"{_values.Count} VALUE items but {_displays.Count} DISPLAY items";
        if (_hasMeanings && _meanings.Count != _values.Count)
            return $"{_values.Count} VALUE items but {_meanings.Count} MEANING items";

        var rows = new List<EnumType>(_values.Count);
        for (int i = 0; i < _values.Count; i++)
            rows.Add(new EnumType(_values[i], _displays[i], _hasMeanings ? _meanings[i] : null));
        var table = EnumTypeTable.Create(rows, _fids, out string? tableProblem);
        return tableProblem ?? _dictionary.AddEnumTable(table!, acronyms: null);
    }

    private static string? Once(ref bool seen, string name)
    {
        if (seen)
            return $"{name} appears twice";
        seen = true;
        return null;
    }

    private static string? ReadFids(in ElementEntry element, List<short> fids)
    {
        string? problem = OpenArray(element, "FIDS", out var array);
        if (problem is not null)
            return problem;
        CodecReturnCode rc;
        while ((rc = array.Next(out var item)) == CodecReturnCode.Success)
        {
            if (!DictionaryValues.TryInteger(array.PrimitiveType, item, out long fid)
                || fid is < DataDictionary.MinFieldId or > DataDictionary.MaxFieldId)
                return "FIDS holds an item that is not a field id";
            fids.Add((short)fid);
        }
        return rc == CodecReturnCode.EndOfContainer ? null : $"FIDS array cannot be decoded: {rc}";
    }

    private static string? ReadValues(in ElementEntry element, List<ushort> values)
    {
        string? problem = OpenArray(element, "VALUE", out var array);
        if (problem is not null)
            return problem;
        CodecReturnCode rc;
        while ((rc = array.Next(out var item)) == CodecReturnCode.Success)
        {
            if (!DictionaryValues.TryInteger(array.PrimitiveType, item, out long value) || value is < 0 or > ushort.MaxValue)
                return "VALUE holds an item that is not an enum value";
            values.Add((ushort)value);
        }
        return rc == CodecReturnCode.EndOfContainer ? null : $"VALUE array cannot be decoded: {rc}";
    }

    // Reads a string array into raw bytes (displays) or text (meanings).
    private static string? ReadTexts(in ElementEntry element, List<byte[]>? bytes, List<string?>? texts)
    {
        string? problem = OpenArray(element, "DISPLAY/MEANING", out var array);
        if (problem is not null)
            return problem;
        if (!DictionaryValues.IsText(array.PrimitiveType))
            return $"string array holds {DataTypes.Name(array.PrimitiveType)} items";
        CodecReturnCode rc;
        while ((rc = array.Next(out var item)) == CodecReturnCode.Success)
        {
            bytes?.Add(item.ToArray());
            texts?.Add(item.IsEmpty ? null : Encoding.Latin1.GetString(item));
        }
        return rc == CodecReturnCode.EndOfContainer ? null : $"string array cannot be decoded: {rc}";
    }

    private static string? OpenArray(in ElementEntry element, string name, out ArrayDecoder array)
    {
        array = default;
        if (element.DataType != DataTypes.Array)
            return $"{name} is not an ARRAY";
        var rc = ArrayDecoder.Decode(element.EncodedData, out array);
        return rc is CodecReturnCode.Success or CodecReturnCode.BlankData ? null : $"{name} array cannot be decoded: {rc}";
    }
}
