namespace Eta.Codec;

/// <summary>Vector header flags (LSEG's values).</summary>
[Flags]
public enum VectorFlags : byte
{
    NONE = 0x00,
    HAS_SET_DEFS = 0x01,
    HAS_SUMMARY_DATA = 0x02,
    HAS_PER_ENTRY_PERM_DATA = 0x04,
    HAS_TOTAL_COUNT_HINT = 0x08,
    SUPPORTS_SORTING = 0x10,
}

/// <summary>Vector entry flags (high nibble of the entry's first byte).</summary>
[Flags]
public enum VectorEntryFlags : byte
{
    NONE = 0x00,
    HAS_PERM_DATA = 0x01,
}

/// <summary>What a vector entry does at its index (low nibble of the entry's first byte).</summary>
public enum VectorEntryActions : byte
{
    UPDATE = 1,
    SET = 2,
    CLEAR = 3,
    INSERT = 4,
    DELETE = 5,
}
