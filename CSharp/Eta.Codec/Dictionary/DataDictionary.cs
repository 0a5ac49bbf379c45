namespace Eta.Codec;

/// <summary>
/// The field dictionary and enum tables: loaded from RDMFieldDictionary / enumtype.def files
/// (<see cref="LoadFieldDictionary"/>, <see cref="LoadEnumTypeDictionary"/>) or decoded from a provider's
/// dictionary refreshes (<see cref="DecodeFieldDictionary"/>, <see cref="DecodeEnumTypeDictionary"/>), and encoded
/// for consumers (<see cref="EncodeFieldDictionary"/>, <see cref="EncodeEnumTypeDictionary"/>). Lookup by field id
/// is one array index over the whole fid range -32768..32767 and allocates nothing.
/// <para>Several files may be loaded into one dictionary as long as they do not redefine a field. A failed load
/// leaves what was loaded before the error in place: <see cref="Clear"/> before retrying.</para>
/// <para>Not thread-safe while loading; lookups on a loaded dictionary may run on any number of threads.</para>
/// </summary>
public sealed partial class DataDictionary
{
    /// <summary>Lowest field id.</summary>
    public const int MinFieldId = short.MinValue;

    /// <summary>Highest field id.</summary>
    public const int MaxFieldId = short.MaxValue;

    private const int FieldIdCount = MaxFieldId - MinFieldId + 1;

    private readonly DictionaryEntry?[] _entries = new DictionaryEntry?[FieldIdCount];
    private readonly List<EnumTypeTable> _enumTables = [];

    // Range of _entries slots in use (fields and enum placeholders), so Clear touches only that.
    private int _lowestSlot = FieldIdCount;
    private int _highestSlot = -1;

    public DataDictionary() => Clear();

    /// <summary>Lowest defined field id (greater than <see cref="MaxFid"/> while empty).</summary>
    public int MinFid { get; private set; }

    /// <summary>Highest defined field id.</summary>
    public int MaxFid { get; private set; }

    /// <summary>Number of defined fields.</summary>
    public int NumberOfEntries { get; private set; }

    /// <summary>The enum tables in load order.</summary>
    public IReadOnlyList<EnumTypeTable> EnumTables => _enumTables;

    /// <summary>Number of enum tables.</summary>
    public int EnumTableCount => _enumTables.Count;

    /// <summary>Header tags of the loaded dictionaries.</summary>
    public DictionaryTags Tags { get; private set; } = new();

    /// <summary>The definition of field <paramref name="fieldId"/>, or null when the field is not defined.</summary>
    public DictionaryEntry? Entry(int fieldId)
    {
        uint index = (uint)(fieldId - MinFieldId);
        if (index >= FieldIdCount)
            return null;
        var entry = _entries[index];
        return entry is not null && entry.IsDefined ? entry : null;
    }

    /// <summary>The enum row of <paramref name="entry"/>'s table for <paramref name="value"/>, or null.</summary>
    public static EnumType? EntryEnumType(DictionaryEntry entry, int value) => entry.EnumTable?.Find(value);

    /// <summary>The enum row for value <paramref name="value"/> of field <paramref name="fieldId"/>, or null.</summary>
    public EnumType? FindEnumType(int fieldId, int value) => Entry(fieldId)?.EnumTable?.Find(value);

    /// <summary>Forgets every field, table and tag.</summary>
    public void Clear()
    {
        if (_highestSlot >= _lowestSlot)
            Array.Clear(_entries, _lowestSlot, _highestSlot - _lowestSlot + 1);
        _lowestSlot = FieldIdCount;
        _highestSlot = -1;
        _enumTables.Clear();
        Tags = new DictionaryTags();
        MinFid = MaxFieldId + 1;
        MaxFid = MinFieldId - 1;
        NumberOfEntries = 0;
    }

    /// <summary>Adds fields from an RDMFieldDictionary file.</summary>
    /// <returns>Success, or Failure with <paramref name="error"/> naming the file, line and problem.</returns>
    public CodecReturnCode LoadFieldDictionary(string path, out DictionaryError? error)
    {
        error = FieldDictionaryFileLoader.Load(this, path);
        return error is null ? CodecReturnCode.Success : CodecReturnCode.Failure;
    }

    /// <summary>Adds enum tables from an enumtype.def file.</summary>
    /// <returns>Success, or Failure with <paramref name="error"/> naming the file, line and problem.</returns>
    public CodecReturnCode LoadEnumTypeDictionary(string path, out DictionaryError? error)
    {
        error = EnumTypeFileLoader.Load(this, path);
        return error is null ? CodecReturnCode.Success : CodecReturnCode.Failure;
    }

    /// <summary>Every defined field in ascending fid order.</summary>
    public IEnumerable<DictionaryEntry> Entries()
    {
        for (int fid = MinFid; fid <= MaxFid; fid++)
        {
            var entry = _entries[fid - MinFieldId];
            if (entry is not null && entry.IsDefined)
                yield return entry;
        }
    }

    /// <summary>Adds a field definition; returns why it cannot be added, or null.</summary>
    internal string? AddField(DictionaryEntry entry)
    {
        int fid = entry.FieldId;
        if (fid == 0)
            return "fid 0 is reserved";
        if (entry.RwfType == DataTypes.Unknown)
            return $"invalid RWF type for fid {fid}";

        var existing = _entries[fid - MinFieldId];
        if (existing is null)
        {
            Occupy(fid - MinFieldId) = entry;
        }
        else if (existing.IsDefined)
        {
            return $"duplicate definition for fid {fid}";
        }
        else
        {
            // A placeholder made by an enum table loaded first: take the definition, keep the table.
            if (existing.Acronym.Length > 0 && existing.Acronym != entry.Acronym)
                return AcronymMismatch(existing.Acronym, entry.Acronym);
            existing.CopyDefinitionFrom(entry);
        }

        NumberOfEntries++;
        MinFid = Math.Min(MinFid, fid);
        MaxFid = Math.Max(MaxFid, fid);
        return null;
    }

    /// <summary>
    /// Adds an enum table and points its fields at it. <paramref name="acronyms"/> (from a file; null when decoded
    /// from the wire) must match already-defined fields. Fields not yet defined get a placeholder that the field
    /// definition fills in later. Nothing changes when an error is returned.
    /// </summary>
    internal string? AddEnumTable(EnumTypeTable table, IReadOnlyList<string>? acronyms)
    {
        var fids = table.FidReferences;
        for (int i = 0; i < fids.Length; i++)
        {
            var existing = _entries[fids[i] - MinFieldId];
            if (existing is null)
                continue;
            string acronym = acronyms?[i] ?? "";
            if (acronym.Length > 0 && existing.Acronym.Length > 0 && existing.Acronym != acronym)
                return AcronymMismatch(existing.Acronym, acronym);
            if (existing.EnumTable is not null)
                return $"fid {fids[i]} has a duplicate enum table reference";
        }
        var seen = new HashSet<short>(fids.Length);
        foreach (short fid in fids)
        {
            if (!seen.Add(fid))
                return $"fid {fid} is listed twice for the same enum table";
        }

        for (int i = 0; i < fids.Length; i++)
        {
            ref var slot = ref Occupy(fids[i] - MinFieldId);
            slot ??= new DictionaryEntry(fids[i]) { Acronym = acronyms?[i] ?? "" };
            slot.EnumTable = table;
        }
        _enumTables.Add(table);
        return null;
    }

    /// <summary>
    /// Sets RippleToField from RIPPLES TO acronyms once every field of a load is known. <paramref name="loaded"/>
    /// maps the acronyms of the fields just loaded; targets loaded earlier are found by a scan.
    /// </summary>
    internal void ResolveRipples(List<(short Fid, string Acronym)> pending, Dictionary<string, short> loaded)
    {
        Dictionary<string, short>? earlier = null;
        foreach (var (fid, acronym) in pending)
        {
            if (!loaded.TryGetValue(acronym, out short target))
            {
                earlier ??= AcronymIndex();
                if (!earlier.TryGetValue(acronym, out target))
                    continue;
            }
            _entries[fid - MinFieldId]!.RippleToField = target;
        }
    }

    private Dictionary<string, short> AcronymIndex()
    {
        var index = new Dictionary<string, short>(NumberOfEntries, StringComparer.Ordinal);
        foreach (var entry in Entries())
            index.TryAdd(entry.Acronym, entry.FieldId);
        return index;
    }

    private ref DictionaryEntry? Occupy(int slot)
    {
        _lowestSlot = Math.Min(_lowestSlot, slot);
        _highestSlot = Math.Max(_highestSlot, slot);
        return ref _entries[slot];
    }

    private static string AcronymMismatch(string fieldAcronym, string enumAcronym) =>
        $"acronym mismatch \"{fieldAcronym}\" and \"{enumAcronym}\" between field dictionary and enum type dictionary";
}
