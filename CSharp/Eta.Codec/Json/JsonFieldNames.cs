using System.Text;
using System.Text.Json;

namespace Eta.Codec.Json;

/// <summary>
/// The field dictionary as the JSON model uses it: a field is named by its acronym ("BID"), in both directions, and
/// an enumerated field may arrive as its display text (LSEG's converter expands enums when asked to, and LSEG's
/// ProvPerf does). Built once from a loaded <see cref="DataDictionary"/>; afterwards every lookup allocates nothing
/// and may run on any number of threads.
/// </summary>
public sealed class JsonFieldNames
{
    private const int FidOffset = -DataDictionary.MinFieldId;

    private readonly JsonEncodedText?[] _nameByFid = new JsonEncodedText?[DataDictionary.MaxFieldId + FidOffset + 1];
    private readonly DictionaryEntry?[] _entryByFid = new DictionaryEntry?[DataDictionary.MaxFieldId + FidOffset + 1];
    private readonly Utf8KeyedTable _fidByName;
    private readonly Dictionary<EnumTypeTable, Utf8KeyedTable> _enumByDisplay = new(ReferenceEqualityComparer.Instance);

    public JsonFieldNames(DataDictionary dictionary)
    {
        Dictionary = dictionary;
        var names = new List<(byte[], int)>();
        foreach (DictionaryEntry entry in dictionary.Entries())
        {
            if (!entry.IsDefined)
                continue;
            _nameByFid[entry.FieldId + FidOffset] = JsonEncodedText.Encode(entry.Acronym);
            _entryByFid[entry.FieldId + FidOffset] = entry;
            names.Add((Encoding.UTF8.GetBytes(entry.Acronym), entry.FieldId));
        }
        _fidByName = new Utf8KeyedTable(names);
        foreach (EnumTypeTable table in dictionary.EnumTables)
        {
            var displays = new List<(byte[], int)>();
            foreach (EnumType row in table.Rows)
                displays.Add((Encoding.UTF8.GetBytes(row.DisplayText), row.Value));
            _enumByDisplay[table] = new Utf8KeyedTable(displays);
        }
    }

    public DataDictionary Dictionary { get; }

    /// <summary>The field's JSON name, or null when the dictionary does not define it.</summary>
    public JsonEncodedText? NameOf(int fieldId) =>
        (uint)(fieldId + FidOffset) < (uint)_nameByFid.Length ? _nameByFid[fieldId + FidOffset] : null;

    /// <summary>The field's definition, or null.</summary>
    public DictionaryEntry? EntryOf(int fieldId) =>
        (uint)(fieldId + FidOffset) < (uint)_entryByFid.Length ? _entryByFid[fieldId + FidOffset] : null;

    /// <summary>Finds a field by its UTF-8 acronym.</summary>
    public bool TryFind(ReadOnlySpan<byte> utf8Name, out DictionaryEntry? entry)
    {
        if (_fidByName.TryFind(utf8Name, out int fid))
        {
            entry = _entryByFid[fid + FidOffset];
            return true;
        }
        entry = null;
        return false;
    }

    /// <summary>The value of an enumerated field whose display text is <paramref name="utf8Display"/>.</summary>
    public bool TryFindEnum(DictionaryEntry field, ReadOnlySpan<byte> utf8Display, out ushort value)
    {
        value = 0;
        if (field.EnumTable is not { } table || !_enumByDisplay.TryGetValue(table, out Utf8KeyedTable? displays)
            || !displays.TryFind(utf8Display, out int found))
            return false;
        value = (ushort)found;
        return true;
    }
}
