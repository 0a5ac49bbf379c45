namespace Eta.Codec;

/// <summary>Map header flags (LSEG's values).</summary>
[Flags]
public enum MapFlags : byte
{
    /// <remarks>LSEG: MapFlags.NONE</remarks>
    None = 0x00,
    /// <remarks>LSEG: MapFlags.HAS_SET_DEFS</remarks>
    HasSetDefs = 0x01,
    /// <remarks>LSEG: MapFlags.HAS_SUMMARY_DATA</remarks>
    HasSummaryData = 0x02,
    /// <remarks>LSEG: MapFlags.HAS_PER_ENTRY_PERM_DATA</remarks>
    HasPerEntryPermData = 0x04,
    /// <remarks>LSEG: MapFlags.HAS_TOTAL_COUNT_HINT</remarks>
    HasTotalCountHint = 0x08,
    /// <remarks>LSEG: MapFlags.HAS_KEY_FIELD_ID</remarks>
    HasKeyFieldId = 0x10,
}

/// <summary>Map entry flags (high nibble of the entry's first byte).</summary>
[Flags]
public enum MapEntryFlags : byte
{
    /// <remarks>LSEG: MapEntryFlags.NONE</remarks>
    None = 0x00,
    /// <remarks>LSEG: MapEntryFlags.HAS_PERM_DATA</remarks>
    HasPermData = 0x01,
}

/// <summary>What a map entry does to the keyed row (low nibble of the entry's first byte).</summary>
public enum MapEntryActions : byte
{
    /// <remarks>LSEG: MapEntryActions.UPDATE</remarks>
    Update = 1,
    /// <remarks>LSEG: MapEntryActions.ADD</remarks>
    Add = 2,
    /// <remarks>LSEG: MapEntryActions.DELETE</remarks>
    Delete = 3,
}
