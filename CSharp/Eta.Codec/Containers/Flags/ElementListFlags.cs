namespace Eta.Codec;

/// <summary>Element list header flags (LSEG's values).</summary>
[Flags]
public enum ElementListFlags : byte
{
    NONE = 0x00,
    HAS_ELEMENT_LIST_INFO = 0x01,
    HAS_SET_DATA = 0x02,
    HAS_SET_ID = 0x04,
    HAS_STANDARD_DATA = 0x08,
}
