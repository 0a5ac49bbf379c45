namespace PerfTools.PerfHub.Cache;

/// <summary>
/// One field list shape: the field ids of an image in first-seen order, shared by every cached item whose image has
/// those fields in that order (NIProvPerf's 100,000 items have one). It answers "which field is fid F" from a small
/// open-addressing table that stays in the processor's cache because every item of the shape uses it, where a table
/// per item would be another cache miss per update. Built when a new shape is first seen; read-only after, except for
/// <see cref="Latest"/>, the hot fields and the cache of shapes one field longer.
/// </summary>
internal sealed class FieldFamily
{
    private const uint Golden = 0x9E3779B1;

    // (u16 fid) | (index + 1) << 16; 0 is an empty slot. At most half full, so a probe ends after one or two reads.
    private readonly int[] _table;
    private readonly int _shift;
    private readonly bool[] _hot;
    private Dictionary<short, FieldFamily>? _appended;

    private FieldFamily(short[] fieldIds, int[] table, int shift)
    {
        FieldIds = fieldIds;
        _table = table;
        _shift = shift;
        _hot = new bool[fieldIds.Length];
    }

    /// <summary>The fields, in the image's order.</summary>
    public short[] FieldIds { get; }

    public int Count => FieldIds.Length;

    /// <summary>The widest layout of the shape yet: where items whose values outgrow theirs move to.</summary>
    public FieldLayout? Latest { get; set; }

    /// <summary>Fields an update (not a refresh) has carried: their slots go first in layouts made since.</summary>
    public int HotCount { get; private set; }

    public bool IsHot(int index) => _hot[index];

    /// <summary>An update carried field <paramref name="index"/>; true when it was not hot before.</summary>
    public bool MarkHot(int index)
    {
        if (_hot[index])
            return false;
        _hot[index] = true;
        HotCount++;
        return true;
    }

    /// <summary>Takes the hot fields of <paramref name="shorter"/>, this family's fields but the last.</summary>
    public void InheritHot(FieldFamily shorter)
    {
        for (int i = 0; i < shorter.Count; i++)
        {
            if (shorter.IsHot(i))
                MarkHot(i);
        }
    }

    /// <summary>A family for <paramref name="fieldIds"/> (kept), or null when a fid appears twice.</summary>
    public static FieldFamily? Create(short[] fieldIds)
    {
        int bits = 4;
        while ((1 << bits) < fieldIds.Length * 2)
            bits++;
        var table = new int[1 << bits];
        int shift = 32 - bits;
        int mask = table.Length - 1;
        for (int i = 0; i < fieldIds.Length; i++)
        {
            uint slot = Hash(fieldIds[i], shift);
            while (table[slot] != 0)
            {
                if ((ushort)table[slot] == (ushort)fieldIds[i])
                    return null;
                slot = (slot + 1) & (uint)mask;
            }
            table[slot] = (ushort)fieldIds[i] | ((i + 1) << 16);
        }
        return new FieldFamily(fieldIds, table, shift);
    }

    /// <summary>The index of <paramref name="fieldId"/> in the image, or -1.</summary>
    public int IndexOf(short fieldId)
    {
        int[] table = _table;
        uint mask = (uint)table.Length - 1;
        uint slot = Hash(fieldId, _shift);
        while (true)
        {
            int entry = table[slot];
            if (entry == 0)
                return -1;
            if ((ushort)entry == (ushort)fieldId)
                return (entry >>> 16) - 1;
            slot = (slot + 1) & mask;
        }
    }

    /// <summary>The family one field longer, if it has been looked up from this one before.</summary>
    public bool TryGetAppended(short fieldId, out FieldFamily? family)
    {
        family = null;
        return _appended is not null && _appended.TryGetValue(fieldId, out family);
    }

    public void RememberAppended(short fieldId, FieldFamily family) => (_appended ??= [])[fieldId] = family;

    private static uint Hash(short fieldId, int shift) => ((ushort)fieldId * Golden) >> shift;
}
