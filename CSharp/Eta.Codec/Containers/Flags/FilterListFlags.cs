namespace Eta.Codec;

/// <summary>Filter list header flags (LSEG's values).</summary>
[Flags]
public enum FilterListFlags : byte
{
    /// <remarks>LSEG: FilterListFlags.NONE</remarks>
    None = 0x00,
    /// <remarks>LSEG: FilterListFlags.HAS_PER_ENTRY_PERM_DATA</remarks>
    HasPerEntryPermData = 0x01,
    /// <remarks>LSEG: FilterListFlags.HAS_TOTAL_COUNT_HINT</remarks>
    HasTotalCountHint = 0x02,
}

/// <summary>Filter entry flags (high nibble of the entry's first byte).</summary>
[Flags]
public enum FilterEntryFlags : byte
{
    /// <remarks>LSEG: FilterEntryFlags.NONE</remarks>
    None = 0x00,
    /// <remarks>LSEG: FilterEntryFlags.HAS_PERM_DATA</remarks>
    HasPermData = 0x01,
    /// <remarks>LSEG: FilterEntryFlags.HAS_CONTAINER_TYPE</remarks>
    HasContainerType = 0x02,
}

/// <summary>What a filter entry does (low nibble of the entry's first byte).</summary>
public enum FilterEntryActions : byte
{
    /// <remarks>LSEG: FilterEntryActions.UPDATE</remarks>
    Update = 1,
    /// <remarks>LSEG: FilterEntryActions.SET</remarks>
    Set = 2,
    /// <remarks>LSEG: FilterEntryActions.CLEAR</remarks>
    Clear = 3,
}
