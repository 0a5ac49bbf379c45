using System.Text;
using System.Text.Json;

namespace Eta.Codec.Json;

/// <summary>
/// The field dictionary as the JSON model uses it: a field is named by its acronym ("BID"), in both directions.
/// Built once from a loaded <see cref="DataDictionary"/>; afterwards fid → name and UTF-8 name → fid allocate
/// nothing and may be used from any number of threads.
/// </summary>
public sealed class JsonFieldNames
{
    private const int FidOffset = -DataDictionary.MinFieldId;

    private readonly JsonEncodedText?[] _nameByFid = new JsonEncodedText?[DataDictionary.MaxFieldId + FidOffset + 1];
    private readonly DictionaryEntry?[] _entryByFid = new DictionaryEntry?[DataDictionary.MaxFieldId + FidOffset + 1];

    // Open-addressed UTF-8 name → fid table: slot holds an index into _names/_fids, or -1.
    private readonly int[] _slots;
    private readonly byte[][] _names;
    private readonly short[] _fids;

    public JsonFieldNames(DataDictionary dictionary)
    {
        Dictionary = dictionary;
        var names = new List<byte[]>();
        var fids = new List<short>();
        foreach (DictionaryEntry entry in dictionary.Entries())
        {
            if (!entry.IsDefined)
                continue;
            _nameByFid[entry.FieldId + FidOffset] = JsonEncodedText.Encode(entry.Acronym);
            _entryByFid[entry.FieldId + FidOffset] = entry;
            names.Add(Encoding.UTF8.GetBytes(entry.Acronym));
            fids.Add(entry.FieldId);
        }
        _names = names.ToArray();
        _fids = fids.ToArray();
        _slots = new int[Math.Max(16, (int)System.Numerics.BitOperations.RoundUpToPowerOf2((uint)_names.Length * 2))];
        Array.Fill(_slots, -1);
        for (int i = 0; i < _names.Length; i++)
        {
            int slot = (int)(Hash(_names[i]) & (uint)(_slots.Length - 1));
            while (_slots[slot] >= 0)
            {
                if (_names[_slots[slot]].AsSpan().SequenceEqual(_names[i]))
                    break; // a duplicated acronym: the first definition wins
                slot = (slot + 1) & (_slots.Length - 1);
            }
            if (_slots[slot] < 0)
                _slots[slot] = i;
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
        int mask = _slots.Length - 1;
        int slot = (int)(Hash(utf8Name) & (uint)mask);
        while (true)
        {
            int index = _slots[slot];
            if (index < 0)
                break;
            if (utf8Name.SequenceEqual(_names[index]))
            {
                entry = _entryByFid[_fids[index] + FidOffset];
                return true;
            }
            slot = (slot + 1) & mask;
        }
        entry = null;
        return false;
    }

    // FNV-1a: short ASCII keys, no per-process seed needed.
    private static uint Hash(ReadOnlySpan<byte> bytes)
    {
        uint hash = 2166136261;
        foreach (byte b in bytes)
            hash = (hash ^ b) * 16777619;
        return hash;
    }
}
