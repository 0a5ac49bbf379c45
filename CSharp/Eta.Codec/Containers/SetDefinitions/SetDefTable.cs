namespace Eta.Codec;

/// <summary>
/// Storage for local set definitions: up to 16 sets (ids 0..15) of up to 255 entries each, in one array
/// allocated up front so that decoding into it never allocates. Shared by the field and element databases,
/// which differ only in what an entry holds.
/// </summary>
internal sealed class SetDefTable<TEntry> where TEntry : struct
{
    public const int MaxEntriesPerSet = byte.MaxValue;

    private readonly TEntry[] _entries = new TEntry[(SetDefDbFormat.MaxLocalId + 1) * MaxEntriesPerSet];
    private readonly int[] _counts = new int[SetDefDbFormat.MaxLocalId + 1];   // -1: set not defined

    public SetDefTable() => Clear();

    public void Clear() => _counts.AsSpan().Fill(-1);

    public bool IsDefined(int setId) => _counts[setId] >= 0;

    public bool TryGet(int setId, out ReadOnlySpan<TEntry> entries)
    {
        entries = default;
        if ((uint)setId > SetDefDbFormat.MaxLocalId || _counts[setId] < 0)
            return false;
        entries = _entries.AsSpan(setId * MaxEntriesPerSet, _counts[setId]);
        return true;
    }

    /// <summary>Defines set <paramref name="setId"/> with no entries yet (replacing what it held).</summary>
    public void DefineEmpty(int setId) => _counts[setId] = 0;

    /// <summary>Replaces set <paramref name="setId"/>; false when the id or the entry count is out of range.</summary>
    public bool TryDefine(int setId, ReadOnlySpan<TEntry> entries)
    {
        if ((uint)setId > SetDefDbFormat.MaxLocalId || entries.Length > MaxEntriesPerSet)
            return false;
        entries.CopyTo(_entries.AsSpan(setId * MaxEntriesPerSet));
        _counts[setId] = entries.Length;
        return true;
    }

    /// <summary>Adds an entry to set <paramref name="setId"/> (defining it); false when the id is out of range or the set is full.</summary>
    public bool TryAppend(int setId, in TEntry entry)
    {
        if ((uint)setId > SetDefDbFormat.MaxLocalId)
            return false;
        int count = Math.Max(_counts[setId], 0);
        if (count >= MaxEntriesPerSet)
            return false;
        _entries[setId * MaxEntriesPerSet + count] = entry;
        _counts[setId] = count + 1;
        return true;
    }
}
