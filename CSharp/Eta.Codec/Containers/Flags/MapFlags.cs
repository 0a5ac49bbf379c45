namespace Eta.Codec;

/// <summary>Map header flags (LSEG's values).</summary>
[Flags]
public enum MapFlags : byte
{
    NONE = 0x00,
    HAS_SET_DEFS = 0x01,
    HAS_SUMMARY_DATA = 0x02,
    HAS_PER_ENTRY_PERM_DATA = 0x04,
    HAS_TOTAL_COUNT_HINT = 0x08,
    HAS_KEY_FIELD_ID = 0x10,
}

/// <summary>Map entry flags (high nibble of the entry's first byte).</summary>
[Flags]
public enum MapEntryFlags : byte
{
    NONE = 0x00,
    HAS_PERM_DATA = 0x01,
}

/// <summary>What a map entry does to the keyed row (low nibble of the entry's first byte).</summary>
public enum MapEntryActions : byte
{
    UPDATE = 1,
    ADD = 2,
    DELETE = 3,
}
