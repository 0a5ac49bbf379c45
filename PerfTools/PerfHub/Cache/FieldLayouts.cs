namespace PerfTools.PerfHub.Cache;

/// <summary>
/// The hub's field list shapes (<see cref="FieldFamily"/>) and their layouts, shared by every <see cref="FieldRecord"/>
/// of one cache. A shape is found by its field ids (a refresh's, or an image's plus one new field); a layout is the
/// shape's widest yet, widened when a value does not fit, so items of one shape converge on one layout. Allocates
/// only for a shape or a width not seen before; used by the hub's one thread.
/// </summary>
internal sealed class FieldLayouts
{
    // Slots are sized in steps of this many bytes, so that values which change length by a byte, as prices do, mostly
    // stay in place; the family's widest layout soon holds what its values need.
    private const int CapacityStep = 4;

    private readonly Dictionary<int, List<FieldFamily>> _families = [];
    private int[] _capacities = new int[64];
    private byte[] _spare = new byte[1024];

    public FieldLayouts()
    {
        FieldFamily empty = FieldFamily.Create([])!;
        Empty = new FieldLayout(empty, []);
        empty.Latest = Empty;
    }

    /// <summary>The layout of an image with no fields.</summary>
    public FieldLayout Empty { get; }

    /// <summary>Field list shapes seen.</summary>
    public int FamilyCount { get; private set; }

    /// <summary>The slot capacity given to a value of <paramref name="length"/> bytes.</summary>
    public static int CapacityFor(int length) => length == 0 ? CapacityStep : (length + CapacityStep - 1) & ~(CapacityStep - 1);

    /// <summary>
    /// A layout of exactly <paramref name="fieldIds"/> whose slots hold at least <paramref name="capacities"/>; null
    /// when a fid appears twice (the record then adds the fields one by one).
    /// </summary>
    public FieldLayout? Find(ReadOnlySpan<short> fieldIds, ReadOnlySpan<int> capacities)
    {
        FieldFamily? family = Intern(fieldIds);
        return family is null ? null : Fit(family, capacities);
    }

    /// <summary>A layout of <paramref name="current"/>'s family holding its values, with the slots in the family's hot order.</summary>
    public static FieldLayout Reorder(FieldLayout current) => Fit(current.Family, current.Capacities);

    /// <summary><paramref name="current"/> with field <paramref name="index"/> able to hold <paramref name="length"/> bytes.</summary>
    public FieldLayout Widen(FieldLayout current, int index, int length)
    {
        Span<int> capacities = Scratch(current.Count);
        current.Capacities.CopyTo(capacities);
        capacities[index] = Math.Max(capacities[index], CapacityFor(length));
        return Fit(current.Family, capacities);
    }

    /// <summary><paramref name="current"/> with <paramref name="fieldId"/> (absent from it) added last.</summary>
    public FieldLayout Append(FieldLayout current, short fieldId, int length)
    {
        FieldFamily family = current.Family;
        if (!family.TryGetAppended(fieldId, out FieldFamily? longer))
        {
            short[] fieldIds = [.. family.FieldIds, fieldId];
            longer = Intern(fieldIds) ?? throw new InvalidOperationException($"field {fieldId} is already in the image");
            longer.InheritHot(family);
            family.RememberAppended(fieldId, longer);
        }
        Span<int> capacities = Scratch(current.Count + 1);
        current.Capacities.CopyTo(capacities);
        capacities[current.Count] = CapacityFor(length);
        return Fit(longer!, capacities);
    }

    // The family's widest layout when it holds every capacity asked for and has the slots in the family's hot order;
    // else a new one that does, which becomes the widest.
    private static FieldLayout Fit(FieldFamily family, ReadOnlySpan<int> capacities)
    {
        FieldLayout? latest = family.Latest;
        bool fits = latest is not null && latest.HotCount == family.HotCount;
        for (int i = 0; fits && i < capacities.Length; i++)
            fits = capacities[i] <= latest!.Capacities[i];
        if (fits)
            return latest!;
        int[] wider = capacities.ToArray();
        if (latest is not null)
        {
            for (int i = 0; i < wider.Length; i++)
                wider[i] = Math.Max(wider[i], latest.Capacities[i]);
        }
        family.Latest = new FieldLayout(family, wider);
        return family.Latest;
    }

    private FieldFamily? Intern(ReadOnlySpan<short> fieldIds)
    {
        int hash = 17;
        foreach (short fieldId in fieldIds)
            hash = hash * 31 + fieldId;
        if (_families.TryGetValue(hash, out List<FieldFamily>? candidates))
        {
            foreach (FieldFamily candidate in candidates)
            {
                if (fieldIds.SequenceEqual(candidate.FieldIds))
                    return candidate;
            }
        }
        FieldFamily? family = FieldFamily.Create(fieldIds.ToArray());
        if (family is null)
            return null;
        if (candidates is null)
            _families[hash] = candidates = [];
        candidates.Add(family);
        FamilyCount++;
        return family;
    }

    /// <summary>A scratch array of at least <paramref name="length"/> bytes (a record's values while it moves them).</summary>
    public byte[] Spare(int length)
    {
        if (_spare.Length < length)
            _spare = new byte[Math.Max(length, _spare.Length * 2)];
        return _spare;
    }

    private Span<int> Scratch(int length)
    {
        if (_capacities.Length < length)
            _capacities = new int[Math.Max(length, _capacities.Length * 2)];
        return _capacities.AsSpan(0, length);
    }
}
