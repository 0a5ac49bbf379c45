namespace PerfTools.PerfHub.Cache;

/// <summary>
/// Where each field of a <see cref="FieldFamily"/> lives in an item's value area: one slot per field, each a length
/// (one byte when the slot holds less than 254 bytes, else two) and room for <see cref="Capacities"/> value bytes.
/// The slots of the fields updates carry (the family's hot fields when the layout was made) come first, so an update
/// writes a few adjacent cache lines of the item, not all of them. Shared by every item of the family whose values
/// fit; a value that does not moves its item to a wider layout (<see cref="FieldLayouts.Widen"/>). Immutable.
/// </summary>
internal sealed class FieldLayout
{
    /// <summary>Slots of this capacity or more have a two-byte length.</summary>
    public const int LongSlot = 0xFE;

    public FieldLayout(FieldFamily family, int[] capacities)
    {
        Family = family;
        Capacities = capacities;
        HotCount = family.HotCount;
        Offsets = new int[capacities.Length];
        int offset = 0;
        for (int pass = 0; pass < 2; pass++)
        {
            bool hot = pass == 0;
            for (int i = 0; i < capacities.Length; i++)
            {
                if (family.IsHot(i) != hot)
                    continue;
                Offsets[i] = offset;
                offset += HeaderSize(capacities[i]) + capacities[i];
            }
            if (hot)
                HotLength = offset;
        }
        Length = offset;
    }

    public FieldFamily Family { get; }

    /// <summary>Value bytes each field's slot holds.</summary>
    public int[] Capacities { get; }

    /// <summary>Each field's slot start in the value area.</summary>
    public int[] Offsets { get; }

    /// <summary>The value area's length.</summary>
    public int Length { get; }

    /// <summary>Where the hot fields' slots end (0 when none was hot).</summary>
    public int HotLength { get; }

    /// <summary>The family's hot field count the slots were ordered by: when it has grown, the order is out of date.</summary>
    public int HotCount { get; }

    public int Count => Capacities.Length;

    public static int HeaderSize(int capacity) => capacity < LongSlot ? 1 : 2;
}
