namespace Eta.Codec;

/// <summary>Vector header flags (LSEG's values).</summary>
[Flags]
public enum VectorFlags : byte
{
    /// <remarks>LSEG: VectorFlags.NONE</remarks>
    None = 0x00,
    /// <remarks>LSEG: VectorFlags.HAS_SET_DEFS</remarks>
    HasSetDefs = 0x01,
    /// <remarks>LSEG: VectorFlags.HAS_SUMMARY_DATA</remarks>
    HasSummaryData = 0x02,
    /// <remarks>LSEG: VectorFlags.HAS_PER_ENTRY_PERM_DATA</remarks>
    HasPerEntryPermData = 0x04,
    /// <remarks>LSEG: VectorFlags.HAS_TOTAL_COUNT_HINT</remarks>
    HasTotalCountHint = 0x08,
    /// <remarks>LSEG: VectorFlags.SUPPORTS_SORTING</remarks>
    SupportsSorting = 0x10,
}

/// <summary>Vector entry flags (high nibble of the entry's first byte).</summary>
[Flags]
public enum VectorEntryFlags : byte
{
    /// <remarks>LSEG: VectorEntryFlags.NONE</remarks>
    None = 0x00,
    /// <remarks>LSEG: VectorEntryFlags.HAS_PERM_DATA</remarks>
    HasPermData = 0x01,
}

/// <summary>What a vector entry does at its index (low nibble of the entry's first byte).</summary>
public enum VectorEntryActions : byte
{
    /// <remarks>LSEG: VectorEntryActions.UPDATE</remarks>
    Update = 1,
    /// <remarks>LSEG: VectorEntryActions.SET</remarks>
    Set = 2,
    /// <remarks>LSEG: VectorEntryActions.CLEAR</remarks>
    Clear = 3,
    /// <remarks>LSEG: VectorEntryActions.INSERT</remarks>
    Insert = 4,
    /// <remarks>LSEG: VectorEntryActions.DELETE</remarks>
    Delete = 5,
}
