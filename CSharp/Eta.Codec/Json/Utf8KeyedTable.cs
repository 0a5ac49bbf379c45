namespace Eta.Codec.Json;

/// <summary>
/// UTF-8 text → int, built once, looked up with a span: open addressing, FNV-1a hashes, no allocation per lookup.
/// The first of duplicated keys wins.
/// </summary>
internal sealed class Utf8KeyedTable
{
    private readonly int[] _slots;
    private readonly byte[][] _keys;
    private readonly int[] _values;

    public Utf8KeyedTable(IReadOnlyList<(byte[] Key, int Value)> entries)
    {
        _keys = new byte[entries.Count][];
        _values = new int[entries.Count];
        _slots = new int[Math.Max(8, (int)System.Numerics.BitOperations.RoundUpToPowerOf2((uint)entries.Count * 2))];
        Array.Fill(_slots, -1);
        int mask = _slots.Length - 1;
        for (int i = 0; i < entries.Count; i++)
        {
            _keys[i] = entries[i].Key;
            _values[i] = entries[i].Value;
            int slot = (int)(Hash(_keys[i]) & (uint)mask);
            while (_slots[slot] >= 0 && !_keys[_slots[slot]].AsSpan().SequenceEqual(_keys[i]))
                slot = (slot + 1) & mask;
            if (_slots[slot] < 0)
                _slots[slot] = i;
        }
    }

    public bool TryFind(ReadOnlySpan<byte> key, out int value)
    {
        int mask = _slots.Length - 1;
        for (int slot = (int)(Hash(key) & (uint)mask); ; slot = (slot + 1) & mask)
        {
            int index = _slots[slot];
            if (index < 0)
                break;
            if (key.SequenceEqual(_keys[index]))
            {
                value = _values[index];
                return true;
            }
        }
        value = 0;
        return false;
    }

    // FNV-1a: short keys, no per-process seed needed.
    private static uint Hash(ReadOnlySpan<byte> bytes)
    {
        uint hash = 2166136261;
        foreach (byte b in bytes)
            hash = (hash ^ b) * 16777619;
        return hash;
    }
}
