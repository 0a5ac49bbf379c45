namespace PerfTools.PerfHub.Cache;

/// <summary>
/// Where each field of a <see cref="FieldFamily"/> lives in an item's value area: one slot per field, in the image's
/// order, each a length (one byte when the slot holds less than 254 bytes, else two) and room for
/// <see cref="Capacities"/> value bytes. Shared by every item of the family whose values fit; a value that does not
/// moves its item to a wider layout of the same family (<see cref="FieldLayouts.Widen"/>). Immutable.
/// </summary>
internal sealed class FieldLayout
{
    /// <summary>Slots of this capacity or more have a two-byte length.</summary>
    public const int LongSlot = 0xFE;

    public FieldLayout(FieldFamily family, int[] capacities)
    {
        Family = family;
        Capacities = capacities;
        Offsets = new int[capacities.Length];
        int offset = 0;
        for (int i = 0; i < capacities.Length; i++)
        {
            Offsets[i] = offset;
            offset += HeaderSize(capacities[i]) + capacities[i];
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

    public int Count => Capacities.Length;

    public static int HeaderSize(int capacity) => capacity < LongSlot ? 1 : 2;
}
