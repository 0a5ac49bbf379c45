namespace Eta.Codec;

/// <summary>Filter list header flags (LSEG's values).</summary>
[Flags]
public enum FilterListFlags : byte
{
    NONE = 0x00,
    HAS_PER_ENTRY_PERM_DATA = 0x01,
    HAS_TOTAL_COUNT_HINT = 0x02,
}

/// <summary>Filter entry flags (high nibble of the entry's first byte).</summary>
[Flags]
public enum FilterEntryFlags : byte
{
    NONE = 0x00,
    HAS_PERM_DATA = 0x01,
    HAS_CONTAINER_TYPE = 0x02,
}

/// <summary>What a filter entry does (low nibble of the entry's first byte).</summary>
public enum FilterEntryActions : byte
{
    UPDATE = 1,
    SET = 2,
    CLEAR = 3,
}
