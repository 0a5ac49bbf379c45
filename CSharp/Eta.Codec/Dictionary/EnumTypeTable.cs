using System.Runtime.CompilerServices;

namespace Eta.Codec;

/// <summary>
/// An enum table: the display rows shared by one or more fields (the FIDs listed above the table in
/// enumtype.def, or the "FIDS" array of an encoded table). Lookup by value is O(1) through a dense array when
/// the values are reasonably compact, otherwise a binary search, so a hostile table with one huge value
/// cannot make the dictionary allocate by that value.
/// </summary>
public sealed class EnumTypeTable
{
    private readonly EnumType[] _byValue;
    private readonly EnumType?[]? _dense;
    private readonly short[] _fidReferences;

    private EnumTypeTable(EnumType[] byValue, short[] fidReferences)
    {
        _byValue = byValue;
        _fidReferences = fidReferences;
        MaxValue = byValue.Length == 0 ? (ushort)0 : byValue[^1].Value;
        if (MaxValue < 256 || MaxValue < 4 * byValue.Length)
        {
            _dense = new EnumType?[MaxValue + 1];
            foreach (var row in byValue)
                _dense[row.Value] = row;
        }
    }

    /// <summary>Largest value in the table.</summary>
    public ushort MaxValue { get; }

    /// <summary>The rows in ascending value order.</summary>
    public IReadOnlyList<EnumType> EnumTypes => _byValue;

    /// <summary>The rows in ascending value order, for loops that must not allocate an enumerator.</summary>
    public ReadOnlySpan<EnumType> Rows => _byValue;

    /// <summary>The fields that display their values with this table, in definition order.</summary>
    public ReadOnlySpan<short> FidReferences => _fidReferences;

    /// <summary>The row for <paramref name="value"/>, or null when the table has none.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public EnumType? Find(int value)
    {
        if ((uint)value > MaxValue)
            return null;
        EnumType?[]? dense = _dense;
        return dense is not null ? dense[value] : FindSorted(value);
    }

    private EnumType? FindSorted(int value)
    {
        int lo = 0, hi = _byValue.Length - 1;
        while (lo <= hi)
        {
            int mid = (lo + hi) >>> 1;
            int cmp = _byValue[mid].Value - value;
            if (cmp == 0)
                return _byValue[mid];
            if (cmp < 0)
                lo = mid + 1;
            else
                hi = mid - 1;
        }
        return null;
    }

    /// <summary>Builds a table; fails (with the reason) on no rows, no fids, or a repeated value.</summary>
    internal static EnumTypeTable? Create(List<EnumType> rows, List<short> fidReferences, out string? error)
    {
        if (fidReferences.Count == 0)
        {
            error = "enum table has no referencing FIDs before its values";
            return null;
        }
        if (rows.Count == 0)
        {
            error = "enum table has no values";
            return null;
        }
        var byValue = rows.ToArray();
        Array.Sort(byValue, static (a, b) => a.Value.CompareTo(b.Value));
        for (int i = 1; i < byValue.Length; i++)
        {
            if (byValue[i].Value == byValue[i - 1].Value)
            {
                error = $"enum table has duplicate value {byValue[i].Value}";
                return null;
            }
        }
        error = null;
        return new EnumTypeTable(byValue, fidReferences.ToArray());
    }
}
